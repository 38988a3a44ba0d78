import type { Config } from '../config.ts';
import { startDatabaseServer } from '../db/database-server.ts';
import type { Logger } from '../logger.ts';
import { watchForStop } from './stop-request.ts';

type Role = 'serve' | 'web' | 'worker';

/**
 * Runs a long-lived folio process: `serve` is web and worker in one, `web` answers HTTP only,
 * `worker` runs jobs only. Any number of each may share one PostgreSQL database.
 *
 * The database server starts while the rest of the code loads (an embedded PostgreSQL takes about as
 * long to start as the code takes to load), so a restart answers its first request sooner.
 */
export async function runProcess(
  role: Role,
  config: Config,
  log: Logger,
  out: (line: string) => void,
  { isNpmScript }: { isNpmScript: boolean },
): Promise<void> {
  // Listen for a stop from the start: a Ctrl-C while the process starts lets it finish starting, then
  // shuts down cleanly, instead of leaving an embedded PostgreSQL it had just started.
  const stop = watchForStop(log, { watchParent: isNpmScript });
  try {
    const hasWeb = role !== 'worker';
    // The code loads once the server's own processes are starting it: loading first would hold the
    // event loop the server's start needs for its few steps before it launches them.
    let launched!: () => void;
    const isLaunched = new Promise<void>((resolve) => (launched = resolve));
    const starting = startDatabaseServer(config, log, launched);
    await Promise.race([isLaunched, starting.catch(() => undefined)]);
    const [server, { openRuntime }, app, http] = await Promise.all([
      starting,
      import('../runtime.ts'),
      hasWeb ? import('../app.ts') : undefined,
      hasWeb ? import('../http/server.ts') : undefined,
    ]);
    const runtime = await openRuntime(config, log, { isWorker: role !== 'web', isWeb: hasWeb, server });
    const listening =
      app && http
        ? await http.listen(app.createPreparedApp(runtime), config.host, config.port).catch(async (error) => {
            await runtime.close();
            throw error;
          })
        : undefined;

    out(`Folio ${role} ready${listening ? ` at ${listening.url}` : ''} (database: ${runtime.database.description})`);
    // Warmed while it already answers: a search that comes first waits for its own site's index only.
    const warming = runtime.warmUp();
    await stop.requested;
    await listening?.close();
    await warming;
    await runtime.close();
  } finally {
    stop.dispose();
  }
}
