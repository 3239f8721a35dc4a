/**
 * The four adapters as `resolveModel` builds them, pointed at the fixture server: one row per
 * provider, with the fixture folder that holds that provider's recorded wire traffic.
 */
import type { Model } from '../../src/spec/model.ts';
import { resolveModel, type ResolveModelOptions } from '../../src/models/resolve-model.ts';

export interface ProviderAdapter {
  /** Fixture folder under test/fixtures/providers (also the provider id). */
  fixtures: string;
  /** Builds the model against the fixture server at `url`; `options` are passed to `resolveModel`. */
  create: (url: string, options?: ResolveModelOptions) => Model;
}

export const providerAdapters: ProviderAdapter[] = [
  {
    fixtures: 'openai',
    create: (url, options) => resolveModel('openai:gpt-4.1-mini', { baseURL: `${url}/v1`, apiKey: 'sk-test', ...options }),
  },
  {
    fixtures: 'anthropic',
    create: (url, options) =>
      resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${url}/v1`, apiKey: 'sk-ant-test', ...options }),
  },
  { fixtures: 'ollama', create: (url, options) => resolveModel('ollama:qwen3:8b', { baseURL: url, ...options }) },
  {
    fixtures: 'openai-compatible',
    create: (url, options) => resolveModel(`openai-compatible:Qwen/Qwen2.5-7B-Instruct@${url}/v1`, { env: {}, ...options }),
  },
];
