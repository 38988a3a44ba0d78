import { invalidInput } from '../errors.ts';
import { normalisedOrigin, SELF_ORIGIN } from '../http/origins.ts';

const MAX_ORIGINS = 50;

/** Checks the origins a key is limited to: http(s) origins as browsers send them, or `self`. */
export function parseKeyOrigins(origins: readonly string[], field = 'allowedOrigins'): string[] {
  if (origins.length > MAX_ORIGINS) throw invalidInput(field, `A key may be limited to at most ${MAX_ORIGINS} origins.`);
  return [
    ...new Set(
      origins.map((origin, index) => {
        const trimmed = origin.trim();
        if (trimmed === SELF_ORIGIN) return trimmed;
        const normalised = normalisedOrigin(trimmed);
        if (!normalised)
          throw invalidInput(`${field}.${index}`, `"${origin}" is not an origin: write scheme://host[:port], such as https://docs.acme.com, or self.`);
        return normalised;
      }),
    ),
  ];
}
