import type { Config } from '../../config.ts';
import type { Embedder } from './embedder.ts';
import { OpenAIEmbedder } from './openai-embedder.ts';
import { WordVectorEmbedder } from './word-vector-embedder.ts';

/** The configured embedder: an OpenAI-compatible endpoint when OPENAI_API_KEY is set, else the offline default. */
export function createEmbedder(config: Pick<Config, 'openai'>): Embedder {
  if (config.openai) {
    return new OpenAIEmbedder({ baseURL: config.openai.baseURL, apiKey: config.openai.apiKey, model: config.openai.embeddingModel });
  }
  return new WordVectorEmbedder();
}
