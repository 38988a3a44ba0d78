/** A mistake in how a command was called: printed with the command's usage hint, exit code 2. */
export class UsageError extends Error {}

/** A command that ran but failed (unknown prefix, taken subdomain...): printed as is, exit code 1. */
export class CommandError extends Error {}
