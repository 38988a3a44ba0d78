import { parseKeyOrigins } from '../auth/key-origins.ts';
import { createApiKey, revokeApiKey } from '../auth/keys.ts';
import type { Db } from '../db/database.ts';
import { CommandError, UsageError } from './cli-error.ts';
import { parseCommandArgs, requireOption } from './parse.ts';

const KEY_HELP = `Usage:
  folio key create --project PROJECT_ID --kind admin|assistant [--origins ORIGINS] [--json]
  folio key revoke PREFIX

create  Creates an API key and prints it once. Admin keys open the update, status and agent
        endpoints of their project; assistant keys open its assistant and search endpoints.
revoke  Revokes the key whose visible prefix (e.g. folio_admin_k3v9q2x7mb) is given.

--origins  Comma-separated origins a browser may use the key from (https://docs.acme.com,...), for a key
           published in web pages; without it the key works from anywhere.
--json     Print {"id","prefix","key","kind","projectId","allowedOrigins"} on stdout and nothing else there.`;

export async function keyCommand(args: string[], withDb: <T>(run: (db: Db) => Promise<T>) => Promise<T>, out: (text: string) => void) {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const { values } = parseCommandArgs(rest, {
      project: { type: 'string' },
      kind: { type: 'string' },
      origins: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return out(KEY_HELP);
    const projectId = requireOption(values.project, 'project');
    const kind = requireOption(values.kind, 'kind');
    if (kind !== 'admin' && kind !== 'assistant') throw new UsageError(`--kind must be admin or assistant, not "${kind}".`);
    let allowedOrigins: string[];
    try {
      allowedOrigins = parseKeyOrigins(values.origins ? values.origins.split(',') : [], '--origins');
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const key = await withDb(async (db) => {
      const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true } });
      if (!project) throw new CommandError(`No project with id "${projectId}". See: folio project list`);
      return createApiKey(db, project.id, kind, { allowedOrigins });
    });
    if (values.json) return out(JSON.stringify({ ...key, projectId, allowedOrigins }));
    const limited = allowedOrigins.length > 0 ? `, usable only from ${allowedOrigins.join(', ')}` : '';
    return out(
      `${kind === 'admin' ? 'Admin' : 'Assistant'} key created${limited} (shown only now):\n${key.key}\nRevoke it by its prefix: folio key revoke ${key.prefix}`,
    );
  }
  if (sub === 'revoke') {
    const { values, positionals } = parseCommandArgs(rest, {}, true);
    if (values.help) return out(KEY_HELP);
    if (positionals.length !== 1) throw new UsageError('Give exactly one key prefix to revoke.');
    const prefix = positionals[0]!.split('_').slice(0, 3).join('_'); // a whole key works too
    const outcome = await withDb((db) => revokeApiKey(db, prefix));
    if (outcome === 'unknown') throw new CommandError(`No API key with prefix "${prefix}".`);
    return out(outcome === 'revoked' ? `Revoked ${prefix}.` : `${prefix} was already revoked.`);
  }
  if (sub === undefined || sub === '--help' || sub === '-h') return out(KEY_HELP);
  throw new UsageError(`Unknown key command "${sub}".`);
}
