/**
 * `resolveModel('provider:model')`: builds a reins Model on the AI SDK provider package for that
 * provider, with keys and hosts from the usual environment variables. `replay:<file>` is the
 * ReplayModel: recorded turns played back, no model called.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createOllama } from 'ollama-ai-provider-v2';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import { ModelConfigError } from '../errors/model-config-error.ts';
import { fromAiSdk } from './from-ai-sdk.ts';
import { LlamaModel, type LlamaModelOptions } from './llama/llama-model.ts';
import type { Model, ModelRequest } from '../spec/model.ts';
import { parseModelString } from './parse-model-string.ts';
import { ReplayModel, type Recording } from './replay-model.ts';
import { splitUrlCredentials } from './url-credentials.ts';
import type { WithRetryOptions } from './with-retry.ts';

export interface ResolveModelOptions {
  /**
   * Server base URL. Credentials in it (`http://user:password@host/v1`) are sent as a Basic
   * Authorization header, a lone token (`http://token@host/v1`) as a Bearer header, and taken out
   * of the URL; they win over `apiKey`.
   * @default `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL` / `GOOGLE_GENERATIVE_AI_BASE_URL` / `OLLAMA_HOST`, else the provider's public URL (Ollama: `http://127.0.0.1:11434`) */
  baseURL?: string;
  /** API key. @default `OPENAI_API_KEY` / `ANTHROPIC_API_KEY` / `GOOGLE_GENERATIVE_AI_API_KEY` / `OPENAI_COMPATIBLE_API_KEY` (Ollama needs none) */
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
  /**
   * `llama:` only: context size, threads, GPU use, grammar (see `LlamaModelOptions`); they win over
   * `REINS_LLAMA_THREADS`, `REINS_LLAMA_CONTEXT_SIZE`, `REINS_LLAMA_SEED` and `REINS_LLAMA_TEMPERATURE`.
   * @default {}
   */
  llama?: LlamaModelOptions;
}

/**
 * The model retries transport errors unless `retry: false`.
 * @example resolveModel('google:gemini-2.5-flash') // GOOGLE_GENERATIVE_AI_API_KEY
 * @example resolveModel('ollama:qwen3') // http://127.0.0.1:11434 unless OLLAMA_HOST says otherwise
 * @example resolveModel('openai-compatible:qwen2.5-7b@http://localhost:8000/v1')
 * @example resolveModel('llama:./qwen3-1.7b-q4_k_m.gguf') // in process, needs node-llama-cpp
 */
export function resolveModel(modelString: string, options: ResolveModelOptions = {}): Model {
  if (modelString.startsWith('replay:')) return replayModel(modelString.slice('replay:'.length), options);
  const { provider, modelId, baseURL: urlInString } = parseModelString(modelString);
  const target: ModelTarget = { modelString, modelId, urlInString, options, env: options.env ?? process.env };
  switch (provider) {
    case 'openai':
      return openAiModel(target);
    case 'anthropic':
      return anthropicModel(target);
    case 'google':
      return googleModel(target);
    case 'ollama':
      return ollamaModel(target);
    case 'llama':
      // In process: nothing to retry (no transport).
      return new LlamaModel(modelId, { ...llamaEnvironment(target.env, modelString), ...options.llama });
    case 'openai-compatible':
      return openAiCompatibleModel(target);
  }
}

/** What every provider's model is built from. */
interface ModelTarget {
  modelString: string;
  modelId: string;
  /** The `@<baseURL>` of the model string, if any. */
  urlInString: string | undefined;
  options: ResolveModelOptions;
  env: Record<string, string | undefined>;
}

/** The base URL without credentials, and the provider settings with their Authorization header. */
function endpoint(options: ResolveModelOptions, baseURL: string) {
  const { url, authorization } = splitUrlCredentials(baseURL);
  return { url, common: { fetch: options.fetch, headers: authorization ? { ...options.headers, Authorization: authorization } : options.headers } };
}

/** The adapter settings every provider shares. */
function adapterBasics(provider: string, options: ResolveModelOptions) {
  return { provider, supportsTools: options.supportsTools ?? true, retry: options.retry };
}

/** Where the key came from, for the error that says it was refused. */
function keySource(options: ResolveModelOptions, variable: string): string {
  return options.apiKey ? 'the apiKey option' : variable;
}

function openAiModel({ modelString, modelId, options, env }: ModelTarget): Model {
  const apiKey = requireKey(options.apiKey, env, 'OPENAI_API_KEY', modelString);
  const { url: baseURL, common } = endpoint(options, options.baseURL ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1');
  // Chat Completions (not the Responses API): the wire format every OpenAI-compatible server shares.
  return fromAiSdk(createOpenAI({ ...common, apiKey, baseURL }).chat(modelId), {
    ...adapterBasics('openai', options),
    displayName: 'OpenAI',
    endpoint: baseURL,
    apiKeyVariable: keySource(options, 'OPENAI_API_KEY'),
    // reins validates the answer itself; strict mode would reject schemas with optional fields.
    providerOptions: { openai: { strictJsonSchema: false } },
  });
}

function anthropicModel({ modelString, modelId, options, env }: ModelTarget): Model {
  const apiKey = requireKey(options.apiKey, env, 'ANTHROPIC_API_KEY', modelString);
  const { url: baseURL, common } = endpoint(options, options.baseURL ?? env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com/v1');
  return fromAiSdk(createAnthropic({ ...common, apiKey, baseURL })(modelId), {
    ...adapterBasics('anthropic', options),
    displayName: 'Anthropic',
    endpoint: baseURL,
    apiKeyVariable: keySource(options, 'ANTHROPIC_API_KEY'),
  });
}

function googleModel({ modelString, modelId, options, env }: ModelTarget): Model {
  const apiKey = requireKey(options.apiKey, env, 'GOOGLE_GENERATIVE_AI_API_KEY', modelString);
  const written = options.baseURL ?? env.GOOGLE_GENERATIVE_AI_BASE_URL ?? 'https://generativelanguage.googleapis.com/v1beta';
  const { url: baseURL, common } = endpoint(options, written);
  return fromAiSdk(createGoogle({ ...common, apiKey, baseURL })(modelId), {
    ...adapterBasics('google', options),
    displayName: 'Gemini',
    endpoint: baseURL,
    apiKeyVariable: keySource(options, 'GOOGLE_GENERATIVE_AI_API_KEY'),
  });
}

function ollamaModel({ modelId, options, env }: ModelTarget): Model {
  const { url: host, common } = endpoint(options, ollamaHost(options.baseURL ?? env.OLLAMA_HOST));
  return fromAiSdk(createOllama({ ...common, baseURL: `${host}/api` })(modelId), {
    ...adapterBasics('ollama', options),
    displayName: 'Ollama',
    endpoint: host,
    unreachableHint: 'is `ollama serve` running?',
    providerOptions: ollamaSampling,
  });
}

function openAiCompatibleModel({ modelString, modelId, urlInString, options, env }: ModelTarget): Model {
  const written = options.baseURL ?? urlInString;
  if (!written) {
    throw new ModelConfigError(`no base URL for \`${modelString}\``, {
      kind: 'malformed-model-string',
      modelString,
      hint: 'write `openai-compatible:<model>@<baseURL>`, e.g. `openai-compatible:qwen3@http://127.0.0.1:8000/v1`',
    });
  }
  const { url: baseURL, common } = endpoint(options, written);
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
    ...adapterBasics('openai-compatible', options),
    displayName: 'OpenAI-compatible server',
    endpoint: baseURL,
    apiKeyVariable: keySource(options, 'OPENAI_COMPATIBLE_API_KEY'),
    unreachableHint: 'is the server (vLLM, llama.cpp, LM Studio, ...) running at that address?',
  });
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
/** Ollama's chat API reads sampling settings only from `options` (the package sends them elsewhere). */
function ollamaSampling(request: ModelRequest): SharedV4ProviderOptions | undefined {
  const options = {
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined ? {} : { num_predict: request.maxTokens }),
  };
  return Object.keys(options).length > 0 ? { ollama: { options } } : undefined;
}

export function ollamaHost(value: string | undefined): string {
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

/** `llama:` options from the environment: whole numbers only (a typo is a ModelConfigError). */
function llamaEnvironment(env: Record<string, string | undefined>, modelString: string): LlamaModelOptions {
  const read = (variable: string): number | undefined => {
    const value = env[variable];
    if (value === undefined || value === '') return undefined;
    if (!/^\d+$/.test(value.trim())) {
      throw new ModelConfigError(`${variable}=${value} is not a whole number`, { kind: 'malformed-model-string', modelString, variable, hint: `set ${variable} to a whole number, or unset it` });
    }
    return Number(value);
  };
  const threads = read('REINS_LLAMA_THREADS');
  const contextSize = read('REINS_LLAMA_CONTEXT_SIZE');
  const seed = read('REINS_LLAMA_SEED');
  const temperatureText = env.REINS_LLAMA_TEMPERATURE?.trim();
  const temperature = temperatureText ? Number(temperatureText) : undefined;
  if (temperature !== undefined && !(temperature >= 0)) {
    throw new ModelConfigError(`REINS_LLAMA_TEMPERATURE=${temperatureText} is not a number >= 0`, {
      kind: 'malformed-model-string',
      modelString,
      variable: 'REINS_LLAMA_TEMPERATURE',
      hint: 'set REINS_LLAMA_TEMPERATURE to a number such as 0.7, or unset it',
    });
  }
  return {
    ...(threads ? { threads } : {}),
    ...(contextSize ? { contextSize } : {}),
    ...(seed === undefined ? {} : { seed }),
    ...(temperature === undefined ? {} : { temperature }),
  };
}
