import type { Config } from '../../config.ts';
import type { Embedder } from './embedder.ts';
import { OpenAIEmbedder } from './openai-embedder.ts';
import { WordVectorEmbedder } from './word-vector-embedder.ts';

/** The configured embedder: an OpenAI-compatible endpoint when one is configured, else the offline default. */
export function createEmbedder(config: Pick<Config, 'embeddingModel'>): Embedder {
  return config.embeddingModel ? new OpenAIEmbedder(config.embeddingModel) : new WordVectorEmbedder();
}
