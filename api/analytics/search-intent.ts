import { invalidInput } from '../errors.ts';

/**
 * The header a client that searches as the reader types sends with each of those searches, so that only
 * what the reader settled on is recorded (docs/analytics.md, What counts as a search). Without it a search
 * is recorded: a client of Mintlify's API sends a search because it means it, and the server cannot tell a
 * keystroke from a search (a backend's searches for many readers come from one address).
 */
export const SEARCH_INTENT_HEADER = 'X-Folio-Search';

/** `typing`: a keystroke's search, answered and not recorded; `settled`: the search the reader settled on. */
export const SEARCH_INTENTS = ['typing', 'settled'] as const;

/** Whether a search is to be recorded, from its X-Folio-Search header; a 400 naming the header for another value. */
export function isRecordedSearch(header: string | null): boolean {
  if (header === null) return true;
  const intent = header.trim().toLowerCase();
  if (!(SEARCH_INTENTS as readonly string[]).includes(intent)) {
    throw invalidInput(SEARCH_INTENT_HEADER, `${SEARCH_INTENT_HEADER} must be ${SEARCH_INTENTS.join(' or ')}, or left out.`);
  }
  return intent === 'settled';
}
