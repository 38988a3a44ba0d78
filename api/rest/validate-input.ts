import { coerceInputValue, getNamedType, isEnumType, isNonNullType, type GraphQLSchema } from 'graphql';
import { AppError, invalidInput } from '../errors.ts';
import { assertStorable } from '../http/input-guards.ts';
import { routeField, type JsonRoute } from './routes.ts';

/**
 * Checks a REST request's path parameters and JSON body against the arguments of the GraphQL field the
 * route is generated from, so REST and GraphQL validate input by the same schema. Throws a 400 that
 * names the first offending field; unknown body fields are rejected too.
 */
export function validateRouteInput(schema: GraphQLSchema, route: JsonRoute, params: Record<string, string>, body: unknown): void {
  assertStorable(params);
  if (!route.hasBody) return;
  if (body === undefined) body = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('INVALID_INPUT', 'The request body must be a JSON object.');
  }
  const args = routeField(schema, route).args;
  const bodyArgs = new Map(args.filter((arg) => !(arg.name in params)).map((arg) => [arg.name, arg]));
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!bodyArgs.has(key)) {
      const known = [...bodyArgs.keys()].join(', ');
      throw invalidInput(key, `Unknown field "${key}"; this endpoint accepts: ${known}.`);
    }
  }
  for (const arg of bodyArgs.values()) {
    const value = input[arg.name];
    if (value === undefined) {
      if (isNonNullType(arg.type) && arg.defaultValue === undefined) {
        throw invalidInput(arg.name, `Missing required field "${arg.name}".`);
      }
      continue;
    }
    coerceInputValue(value, arg.type, (path, _invalid, error) => {
      const at = [arg.name, ...path].join('.');
      const unknownField = /Field "([^"]+)" is not defined by type/.exec(error.message);
      if (unknownField) throw invalidInput(`${at}.${unknownField[1]}`, `Unknown field "${unknownField[1]}" in ${at}.`);
      const named = getNamedType(arg.type);
      if (path.length === 0 && isEnumType(named)) {
        throw invalidInput(
          at,
          `${at} must be one of ${named
            .getValues()
            .map((v) => v.name)
            .join(', ')}.`,
        );
      }
      throw invalidInput(at, describeCoercionError(at, error.message));
    });
    assertStorable(value, [arg.name]);
  }
}

/** Turns graphql-js coercion messages into ones that speak of JSON fields instead of GraphQL types. */
function describeCoercionError(field: string, message: string): string {
  if (/Int cannot represent/.test(message)) return `${field} must be a whole number.`;
  if (/Float cannot represent/.test(message)) return `${field} must be a number.`;
  if (/String cannot represent/.test(message)) return `${field} must be a string.`;
  if (/Boolean cannot represent/.test(message)) return `${field} must be true or false.`;
  if (/to be an object/.test(message)) return `${field} must be a JSON object.`;
  if (/of non-null type .* must not be null|Expected non-nullable/.test(message)) return `${field} must not be null.`;
  return `${field}: ${message}`;
}
