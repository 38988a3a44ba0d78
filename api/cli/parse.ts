import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-error.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** util.parseArgs, strict, with its errors turned into UsageErrors a person can act on. */
export function parseCommandArgs<T extends Options>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[\w+\]: /, ''));
  }
}

export function requireOption(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}
