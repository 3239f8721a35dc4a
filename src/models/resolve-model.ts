/**
 * `resolveModel('provider:model')`: builds a reins Model on the AI SDK provider package for that
 * provider, with keys and hosts from the usual environment variables. `replay:<file>` is the
 * ReplayModel: recorded turns played back, no model called.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createOllama } from 'ollama-ai-provider-v2';
import { ModelConfigError } from '../errors/model-config-error.ts';
import { fromAiSdk } from './from-ai-sdk.ts';
import type { Model } from '../spec/model.ts';
import { parseModelString } from './parse-model-string.ts';
import { ReplayModel, type Recording } from './replay-model.ts';
import { splitUrlCredentials } from './url-credentials.ts';
import type { WithRetryOptions } from './with-retry.ts';

export interface ResolveModelOptions {
  /**
   * Server base URL. Credentials in it (`http://user:password@host/v1`) are sent as a Basic
   * Authorization header, a lone token (`http://token@host/v1`) as a Bearer header, and taken out
   * of the URL; they win over `apiKey`.
   * @default `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL` / `OLLAMA_HOST`, else the provider's public URL (Ollama: `http://127.0.0.1:11434`) */
  baseURL?: string;
  /** API key. @default `OPENAI_API_KEY` / `ANTHROPIC_API_KEY` / `OPENAI_COMPATIBLE_API_KEY` (Ollama needs none) */
  apiKey?: string;
  /** Custom fetch, e.g. for proxies or tests. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. @default undefined */
  headers?: Record<string, string>;
  /** Whether the model supports native tool calling; set `false` for Ollama models without tools. @default true */
  supportsTools?: boolean;
  /** Where environment variables are read. @default process.env */
  env?: Record<string, string | undefined>;
  /**
   * Transport retries (408/409/429/5xx, connection resets, streams cut before any output), with
   * exponential backoff and jitter, honouring Retry-After. Options tune them (see `withRetry`);
   * `false` turns them off. Not used by `replay:` (nothing is called).
   * @default { maxRetries: 3 }
   */
  retry?: WithRetryOptions | false;
  /** `replay:` only: the protocol whose recorded turns are played. @default the recording's `protocol` */
  protocol?: string;
  /**
   * `replay:` only: recorded turns already played, skipped (a resumed run continues the recording
   * where it stopped: pass the number of model replies it already holds).
   * @default 0
   */
  replayFrom?: number;
}

/**
 * The model retries transport errors unless `retry: false`.
 * @example resolveModel('ollama:qwen3') // http://127.0.0.1:11434 unless OLLAMA_HOST says otherwise
 * @example resolveModel('openai-compatible:qwen2.5-7b@http://localhost:8000/v1')
 */
export function resolveModel(modelString: string, options: ResolveModelOptions = {}): Model {
  if (modelString.startsWith('replay:')) return replayModel(modelString.slice('replay:'.length), options);
  const { provider, modelId, baseURL: urlInString } = parseModelString(modelString);
  const env = options.env ?? process.env;
  /** The base URL without credentials, and the options with their Authorization header. */
  const endpoint = (baseURL: string) => {
    const { url, authorization } = splitUrlCredentials(baseURL);
    return { url, common: { fetch: options.fetch, headers: authorization ? { ...options.headers, Authorization: authorization } : options.headers } };
  };
  const supportsTools = options.supportsTools ?? true;
  const { retry } = options;

  switch (provider) {
    case 'openai': {
      const apiKey = requireKey(options.apiKey, env, 'OPENAI_API_KEY', modelString);
      const { url: baseURL, common } = endpoint(options.baseURL ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1');
      // Chat Completions (not the Responses API): the wire format every OpenAI-compatible server shares.
      return fromAiSdk(createOpenAI({ ...common, apiKey, baseURL }).chat(modelId), {
        provider,
        supportsTools,
        retry,
        displayName: 'OpenAI',
        endpoint: baseURL,
        apiKeyVariable: options.apiKey ? 'the apiKey option' : 'OPENAI_API_KEY',
        // reins validates the answer itself; strict mode would reject schemas with optional fields.
        providerOptions: { openai: { strictJsonSchema: false } },
      });
    }
    case 'anthropic': {
      const apiKey = requireKey(options.apiKey, env, 'ANTHROPIC_API_KEY', modelString);
      const { url: baseURL, common } = endpoint(options.baseURL ?? env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com/v1');
      return fromAiSdk(createAnthropic({ ...common, apiKey, baseURL })(modelId), {
        provider,
        supportsTools,
        retry,
        displayName: 'Anthropic',
        endpoint: baseURL,
        apiKeyVariable: options.apiKey ? 'the apiKey option' : 'ANTHROPIC_API_KEY',
      });
    }
    case 'ollama': {
      const { url: host, common } = endpoint(ollamaHost(options.baseURL ?? env.OLLAMA_HOST));
      return fromAiSdk(createOllama({ ...common, baseURL: `${host}/api` })(modelId), {
        provider,
        supportsTools,
        retry,
        displayName: 'Ollama',
        endpoint: host,
        unreachableHint: 'is `ollama serve` running?',
      });
    }
    case 'openai-compatible': {
      const written = options.baseURL ?? urlInString;
      if (!written) {
        throw new ModelConfigError(`no base URL for \`${modelString}\``, {
          kind: 'malformed-model-string',
          modelString,
          hint: 'write `openai-compatible:<model>@<baseURL>`, e.g. `openai-compatible:qwen3@http://127.0.0.1:8000/v1`',
        });
      }
      const { url: baseURL, common } = endpoint(written);
      const apiKey = options.apiKey ?? env.OPENAI_COMPATIBLE_API_KEY;
      const languageModel = createOpenAICompatible({
        ...common,
        name: 'openai-compatible',
        baseURL,
        apiKey,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(modelId);
      return fromAiSdk(languageModel, {
        provider,
        supportsTools,
        retry,
        displayName: 'OpenAI-compatible server',
        endpoint: baseURL,
        apiKeyVariable: options.apiKey ? 'the apiKey option' : 'OPENAI_COMPATIBLE_API_KEY',
        unreachableHint: 'is the server (vLLM, llama.cpp, LM Studio, ...) running at that address?',
      });
    }
  }
}

function requireKey(
  given: string | undefined,
  env: Record<string, string | undefined>,
  variable: string,
  modelString: string,
): string {
  const key = given ?? env[variable];
  if (key) return key;
  throw new ModelConfigError(`no API key for \`${modelString}\`: ${variable} is not set`, {
    kind: 'missing-api-key',
    modelString,
    variable,
    hint: `set ${variable} in the environment, or pass { apiKey }`,
  });
}

/**
 * `OLLAMA_HOST` may be `0.0.0.0:11434`, `localhost` or a full URL (as in the Ollama CLI: without a
 * scheme it is http with port 11434). The provider wants a URL without `/api`.
 */
function ollamaHost(value: string | undefined): string {
  const host = (value ?? 'http://127.0.0.1:11434').trim().replace(/\/+$/, '').replace(/\/api$/, '');
  if (/^https?:\/\//.test(host)) return host;
  return /:\d+$/.test(host) ? `http://${host}` : `http://${host}:11434`;
}

/** `replay:<file>`: the recording at that path, from turn `replayFrom` on. */
function replayModel(path: string, options: ResolveModelOptions): ReplayModel {
  const protocol = options.protocol === undefined ? {} : { protocol: options.protocol };
  const whole = ReplayModel.fromFileSync(path, protocol);
  const skip = options.replayFrom ?? 0;
  if (skip <= 0) return whole;
  const recording = JSON.parse(readFileSync(path, 'utf8')) as Recording;
  const rest: Recording = {
    ...recording,
    ...(recording.turns ? { turns: recording.turns.slice(skip) } : {}),
    ...(recording.protocols
      ? { protocols: Object.fromEntries(Object.entries(recording.protocols).map(([name, turns]) => [name, turns.slice(skip)])) }
      : {}),
  };
  return new ReplayModel(rest, { ...protocol, name: basename(path) });
}
