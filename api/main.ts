import { CommandError, UsageError } from './cli/cli-error.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import { createLogger, type Logger } from './logger.ts';
import { operationalMessage } from './cli/operational-message.ts';

// Commands are loaded when run, so `folio --help` and small commands do not load the whole server.
type Role = 'serve' | 'web' | 'worker';

const HELP = `Folio: a self-hostable documentation platform server.

Usage: folio <command> [options]

Commands:
  serve      Run the web server and a job worker in one process (what npm start runs)
  web        Run only the web server (GraphQL, /v1 REST, SSE)
  worker     Run only a job worker (deployments, agent jobs)
  project    Create and list projects            (folio project --help)
  key        Create and revoke API keys          (folio key --help)
  deploy     Deploy a project, optionally following its progress (folio deploy --help)
  gaps       What readers could not find, grouped into topics; fix one with the agent (folio gaps --help)
  check      Check a documentation repository on disk as a deployment reads it (folio check --help)

Every command reads its settings from the environment (docs/configuration.md): DATABASE_URL, or
an embedded PostgreSQL under DATA_DIR (default ./.data); HOST and PORT (default 127.0.0.1:3000).`;

const SERVE_HELP = (role: Role) => `Usage: folio ${role}

${
  role === 'worker'
    ? 'Runs a job worker only (deployments); it listens on no port. Prints its database.'
    : `Runs ${role === 'serve' ? 'the web server and a job worker in one process' : 'the web server only'}.
Listens on HOST:PORT (default 127.0.0.1:3000) and prints its address and database.`
} Stops on SIGINT/SIGTERM.`;

async function main(argv: string[]): Promise<number> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const withDatabase = async <T>(run: (database: Database) => Promise<T>): Promise<T> => {
    // The database server starts while the Prisma client loads.
    const [server, { openDatabase }] = await Promise.all([
      import('./db/database-server.ts').then(({ startDatabaseServer }) => startDatabaseServer(config, quiet(log))),
      import('./db/database.ts'),
    ]);
    const database = await openDatabase(config, quiet(log), { poolSize: 2, server });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  };
  const withDb = <T>(run: (db: Db) => Promise<T>): Promise<T> => withDatabase((database) => run(database.prisma));

  let isUnknownCommand = false;
  try {
    switch (command) {
      case 'serve':
      case 'web':
      case 'worker':
        if (args.includes('--help') || args.includes('-h')) {
          out(SERVE_HELP(command));
          return 0;
        }
        if (args.length > 0) throw new UsageError(`folio ${command} takes no arguments; configure it with environment variables.`);
        // An npm script's process (npm start) is folio's parent for as long as folio should run.
        await (await import('./cli/serve.ts')).runProcess(command, config, log, out, { isNpmScript: process.env.npm_lifecycle_event !== undefined });
        return 0;
      case 'project':
        await (await import('./cli/project-commands.ts')).projectCommand(args, withDb, out, config.githubUrl);
        return 0;
      case 'key':
        await (await import('./cli/key-commands.ts')).keyCommand(args, withDb, out);
        return 0;
      case 'deploy':
        await (await import('./cli/deploy-command.ts')).deployCommand(args, config, quiet(log), out);
        return 0;
      case 'gaps':
        if (args[0] === 'fix') await (await import('./cli/gap-fix-command.ts')).gapFixCommand(args.slice(1), config, quiet(log), out);
        else await (await import('./cli/gaps-command.ts')).gapsCommand(args, config, withDatabase, out);
        return 0;
      case 'check':
        return await (await import('./cli/check-command.ts')).checkCommand(args, out);
      default:
        isUnknownCommand = true;
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`folio: ${error.message}\nRun "folio ${isUnknownCommand ? '' : `${command} `}--help" for usage.\n`);
      return 2;
    }
    if (error instanceof CommandError) {
      process.stderr.write(`folio: ${error.message}\n`);
      return 1;
    }
    const operational = operationalMessage(error);
    if (operational) {
      process.stderr.write(`folio: ${operational}\n`);
      log.debug(`folio ${command} failed`, error);
      return 1;
    }
    log.error(`folio ${command} failed`, error);
    return 1;
  }
}

/** Short CLI commands report only warnings and errors from the database layer. */
function quiet(log: Logger): Logger {
  return { ...log, info: () => undefined, debug: () => undefined };
}

process.exitCode = await main(process.argv.slice(2));
