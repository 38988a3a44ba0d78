// Builds the offline embedder's compact word-vector table once (npm install runs this).
import fs from 'node:fs';
import { buildWordVectorTable, wordVectorCachePath } from '../api/search/embedders/word-vector-table.ts';

const file = wordVectorCachePath();
if (fs.existsSync(file)) {
  console.log(`word vectors: ${file} exists`);
} else {
  const started = performance.now();
  buildWordVectorTable(file);
  console.log(`word vectors: built ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
