import type { EmbeddingModel } from 'ai';
import { normalise, type Embedder } from './embedder.ts';
import { modelApiFetch } from '../../http/model-api-fetch.ts';

const BATCH = 96;

/**
 * Any OpenAI-compatible `/embeddings` endpoint, through the AI SDK. The SDK is loaded on first use, so
 * processes on the offline model never pay for it at start.
 */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  #model: Promise<EmbeddingModel> | undefined;

  constructor(private readonly options: { baseURL?: string; apiKey: string; model: string }) {
    this.id = `openai:${options.model}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const { embedMany } = await import('ai');
    this.#model ??= import('@ai-sdk/openai').then(({ createOpenAI }) =>
      createOpenAI({ baseURL: this.options.baseURL, apiKey: this.options.apiKey, fetch: modelApiFetch }).embedding(this.options.model),
    );
    const model = await this.#model;
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const { embeddings } = await embedMany({ model, values: texts.slice(i, i + BATCH), maxRetries: 2 });
      for (const embedding of embeddings) vectors.push(normalise(Float32Array.from(embedding)));
    }
    return vectors;
  }
}
