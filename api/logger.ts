import type { LogLevel } from './config.ts';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Logs one line per event to stderr (stdout stays free for command output such as `--json`). */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const log = (at: LogLevel) => (message: string, detail?: unknown) => {
    if (ORDER[at] < ORDER[level]) return;
    const suffix = detail === undefined ? '' : ` ${formatDetail(detail)}`;
    write(`${new Date().toISOString()} ${at.padEnd(5)} ${message}${suffix}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function formatDetail(detail: unknown): string {
  if (detail instanceof Error) return detail.stack ?? detail.message;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}
