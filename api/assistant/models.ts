import type { LanguageModelV4 } from '@ai-sdk/provider';
import { modelApiFetch } from '../http/model-api-fetch.ts';
import type { Config } from '../config.ts';
import type { PageReader } from './offline/open-pages.ts';

const models = new WeakMap<Config, Promise<LanguageModelV4>>();

/**
 * The answer model of a configuration: an OpenAI-compatible chat model (ANSWER_MODEL at ANSWER_BASE_URL
 * or OPENAI_BASE_URL, through `/chat/completions`, which most compatible servers speak), made once, else
 * the offline extractive model, which opens the pages its search found through `pages`. Loaded
 * on first use, so processes that never answer never load it.
 */
export function answerModelFor(config: Pick<Config, 'answerModel'>, pages?: PageReader): Promise<LanguageModelV4> {
  const endpoint = config.answerModel;
  if (!endpoint) return import('./offline/offline-model.ts').then(({ createOfflineModel }) => createOfflineModel(pages));
  let model = models.get(config as Config);
  if (!model) {
    model = import('@ai-sdk/openai').then(({ createOpenAI }) =>
      createOpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, fetch: modelApiFetch }).chat(endpoint.model),
    );
    models.set(config as Config, model);
  }
  return model;
}
