import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';

const models = new WeakMap<Config, Promise<LanguageModel>>();

/**
 * The answer model of a configuration, made once: an OpenAI-compatible chat model (ANSWER_MODEL at
 * ANSWER_BASE_URL or OPENAI_BASE_URL, through `/chat/completions`, which most compatible servers speak),
 * else the offline extractive model. Loaded on first use, so processes that never answer never load it.
 */
export function answerModelFor(config: Pick<Config, 'answerModel'>): Promise<LanguageModel> {
  let model = models.get(config as Config);
  if (!model) {
    const endpoint = config.answerModel;
    model = endpoint
      ? import('@ai-sdk/openai').then(({ createOpenAI }) => createOpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey }).chat(endpoint.model))
      : import('./offline/offline-model.ts').then(({ createOfflineModel }) => createOfflineModel());
    models.set(config as Config, model);
  }
  return model;
}
