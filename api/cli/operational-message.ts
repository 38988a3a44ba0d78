import { OperationalError } from '../operational-error.ts';

/**
 * A failure of the surroundings rather than of Folio (a port in use, a database that does not answer, a
 * folder that cannot be used) as one line an operator can act on; undefined for anything else, which
 * is logged with its stack. (LOG_LEVEL=debug logs the stack of these too.)
 */
export function operationalMessage(error: unknown): string | undefined {
  if (error instanceof OperationalError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code ?? (error as { errorCode?: unknown }).errorCode;
  if (typeof code !== 'string') return undefined;
  const message = error.message.trim().split('\n').filter(Boolean).at(-1) ?? error.message;
  switch (code) {
    case 'EADDRINUSE':
      return `${message}: another process uses this port; stop it or set PORT.`;
    case 'EADDRNOTAVAIL':
      return `${message}: set HOST to an address of this machine.`;
    case 'EACCES':
    case 'EPERM':
      return /listen/.test(message)
        ? `${message}: this port needs privileges; set PORT to 1024 or above.`
        : `${message}: Folio may not use this file or folder; check DATA_DIR and its permissions.`;
    case 'ENOSPC':
      return `${message}: the disk is full; free some space.`;
    case 'ENOTDIR':
    case 'ENOENT':
    case 'EROFS':
      return `${message} (${code})`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case '3D000': // database does not exist
    case '28P01': // wrong password
    case '28000': // no such role, or not allowed in
    case '57P03': // starting up or shutting down
      if (/listen/.test(message)) return `${message}: set HOST to an address of this machine.`;
      return `${message} (${code}): check that PostgreSQL runs and DATABASE_URL is right.`;
    case '42501': // insufficient privilege
      return `${message} (${code}): the DATABASE_URL user needs the right to create tables in its database.`;
    default:
      return /^[0-9A-Z]{5}$/.test(code) ? `PostgreSQL refused: ${message} (${code}); check DATABASE_URL.` : undefined;
  }
}
