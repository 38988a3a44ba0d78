import { createApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { appDepsOf, openRuntime } from '../runtime.ts';
import { listen } from '../server.ts';

type Role = 'serve' | 'web' | 'worker';

/**
 * Runs a long-lived folio process: `serve` is web and worker in one, `web` answers HTTP only,
 * `worker` runs jobs only. Any number of each may share one PostgreSQL database.
 */
export async function runProcess(role: Role, config: Config, log: Logger, out: (line: string) => void): Promise<void> {
  // Listen for SIGINT/SIGTERM from the start: a Ctrl-C while the process starts lets it finish starting,
  // then shuts down cleanly, instead of leaving an embedded PostgreSQL it had just started.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info(`${signal} received; shutting down`);
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
      resolve();
    };
    const onInterrupt = () => stop('SIGINT');
    const onTerminate = () => stop('SIGTERM');
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onTerminate);
  });

  const hasWeb = role !== 'worker';
  const runtime = await openRuntime(config, log, { isWorker: role !== 'web' });
  const server = hasWeb
    ? await listen(
        createApp(appDepsOf(runtime, config.maxBodyBytes)),
        config.host,
        config.port,
      ).catch(async (error) => {
        await runtime.close();
        throw error;
      })
    : undefined;

  out(`Folio ${role} ready${server ? ` at ${server.url}` : ''} (database: ${runtime.database.description})`);
  await stopped;
  await server?.close();
  await runtime.close();
}
