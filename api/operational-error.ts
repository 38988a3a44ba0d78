/**
 * A failure of Folio's surroundings that the user can fix (a folder it cannot use, a port in use, an
 * unreachable database, a bad setting). The CLI prints its message as one line, without a stack, so the
 * message must say what to do.
 */
export class OperationalError extends Error {
  override readonly name = 'OperationalError';
}

export const operationalError = (message: string, cause?: unknown): OperationalError => new OperationalError(message, { cause });
