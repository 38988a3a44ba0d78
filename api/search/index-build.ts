import { createHash } from 'node:crypto';
import { LANGUAGE_LISTS } from '../language/word-lists.ts';

/**
 * Raise when what a search index holds, or how it is made, changes (its data structures, the analysis
 * of text, the ranking's built parts, the container of api/search/artifact-codec.ts); also when the
 * stemmers or stop words (@orama) change version.
 */
const ARTIFACT_FORMAT = 6;

/**
 * The version of the index a search artifact was built by: its format and the word lists that shape
 * its terms (British spellings, say). An artifact of another version is rebuilt, never served.
 */
export const INDEX_BUILD = `${ARTIFACT_FORMAT}.${createHash('sha256').update(JSON.stringify(LANGUAGE_LISTS)).digest('hex').slice(0, 12)}`;
