import { OperationalError } from '../operational-error.ts';

/**
 * A failure of the surroundings rather than of Folio, as one line an operator can act on: Folio's own
 * OperationalErrors (which say what to do), and file-system failures from Node, which name the path;
 * undefined for anything else, which is logged with its stack. (LOG_LEVEL=debug logs the stack of these too.)
 */
export function operationalMessage(error: unknown): string | undefined {
  if (error instanceof OperationalError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  const message = error.message.trim().split('\n').filter(Boolean).at(-1) ?? error.message;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `${message}: Folio may not write here; check DATA_DIR and its permissions`;
    case 'ENOSPC':
      return `${message}: the disk is full; free some space`;
    case 'ENOTDIR':
    case 'ENOENT':
      return `${message} (${code})`;
    default:
      return undefined;
  }
}
