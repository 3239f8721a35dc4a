/**
 * The model of a CLI run: `--model`, else `REINS_MODEL`, else a small local Ollama model. Real
 * models get transport retries; `replay:<file>` plays a recording (no model is called).
 */
import { resolve } from 'node:path';
import { ModelCallError } from '../../errors/model-call-error.ts';
import { ModelConfigError } from '../../errors/model-config-error.ts';
import type { Model } from '../../spec/model.ts';
import { ReplayModel } from '../../models/replay-model.ts';
import { ollamaHost, resolveModel } from '../../models/resolve-model.ts';
import { modelCacheDir, pulledModels } from '../models/model-cache.ts';
import { withRetry } from '../../models/with-retry.ts';
import { resolveProtocol } from '../../protocols/protocol-names.ts';
import type { ProtocolName } from '../../protocols/codec.ts';
import { isNoModel } from '../exit-codes.ts';

/** The model used when neither `--model` nor `REINS_MODEL` says otherwise. */
const DEFAULT_MODEL = 'ollama:qwen3:4b';

/** The model string to use; a `replay:` path is made absolute (the run may be resumed from elsewhere). */
export function modelStringOf(flag: string | undefined, env: Record<string, string | undefined>): string {
  const chosen = flag ?? (env.REINS_MODEL || DEFAULT_MODEL);
  return chosen.startsWith('replay:') ? `replay:${resolve(chosen.slice('replay:'.length))}` : chosen;
}

/**
 * The model of `reins run` when neither `--model` nor `REINS_MODEL` names one: the local Ollama
 * default when Ollama answers, else the newest model pulled with `reins models pull` (in process),
 * else the Ollama default (its failure then says how to get a model).
 */
export async function defaultModelString(flag: string | undefined, env: Record<string, string | undefined>): Promise<string> {
  if (flag !== undefined || env.REINS_MODEL) return modelStringOf(flag, env);
  const pulled = pulledModels(modelCacheDir(env))[0];
  if (!pulled || (await ollamaAnswers(env))) return DEFAULT_MODEL;
  return `llama:${pulled.path}`;
}

async function ollamaAnswers(env: Record<string, string | undefined>): Promise<boolean> {
  try {
    const response = await fetch(`${ollamaHost(env.OLLAMA_HOST)}/api/version`, { signal: AbortSignal.timeout(1500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export interface OpenModelOptions {
  protocol: ProtocolName | 'auto';
  /** Replay only: recorded turns already played (resume). @default 0 */
  replayFrom?: number;
  signal?: AbortSignal;
}

export function openModel(modelString: string, options: OpenModelOptions): Model {
  const protocol = options.protocol === 'auto' ? {} : { protocol: options.protocol };
  if (modelString.startsWith('replay:')) return resolveModel(modelString, { ...protocol, replayFrom: options.replayFrom ?? 0 });
  return withRetry(resolveModel(modelString), { maxRetries: 2, signal: options.signal });
}

/**
 * `openModel`, or, when there is no model to open (none configured, none reachable, a bad model
 * string), undefined after saying why and how to get one.
 */
export function openModelOrExplain(modelString: string, options: OpenModelOptions, say: (text: string) => void): Model | undefined {
  try {
    return openModel(modelString, options);
  } catch (error) {
    if (!isNoModel(error)) throw error;
    say(modelErrorText(error) + (needsModelHelp(error) ? `\n\n${noModelHelp(modelString)}` : ''));
    return undefined;
  }
}

/** The run's protocol, resolved once: `auto` with a replay means the recording's own protocol, else `resolveProtocol`. */
export function protocolFor(model: Model, wanted: ProtocolName | 'auto'): ProtocolName {
  if (wanted === 'auto' && model instanceof ReplayModel && model.protocol) return model.protocol as ProtocolName;
  return resolveProtocol(wanted, model);
}

/**
 * A model error in the CLI's words: a missing key says which variable to set (the library's hint
 * speaks of its `apiKey` option, which the CLI does not have); other errors keep their message.
 */
export function modelErrorText(error: unknown): string {
  if (ModelConfigError.isInstance(error) && error.kind === 'missing-api-key' && error.variable) {
    return `no API key for \`${error.modelString}\`: ${error.variable} is not set.\nSet it in the environment (export ${error.variable}=...) and run again.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether the list of ways to configure a model helps: only when the model string or its provider
 * is the problem (malformed, unknown, nothing listening). An error that already names its fix (a
 * missing key, an HTTP 401/403/404 from the provider) stands alone.
 */
export function needsModelHelp(error: unknown): boolean {
  if (ModelConfigError.isInstance(error)) return error.kind !== 'missing-api-key';
  return ModelCallError.isInstance(error) && error.statusCode === undefined;
}

/** Exactly how to configure a model, for exit code 3. */
export function noModelHelp(modelString: string): string {
  return [
    `No model is reachable with --model ${modelString}. Configure one with --model or REINS_MODEL:`,
    `  Ollama (local):     ollama serve && ollama pull qwen3:4b       (default ${DEFAULT_MODEL}; OLLAMA_HOST if not 127.0.0.1:11434)`,
    '  OpenAI:             export OPENAI_API_KEY=...    REINS_MODEL=openai:gpt-4.1-mini',
    '  Anthropic:          export ANTHROPIC_API_KEY=... REINS_MODEL=anthropic:claude-sonnet-4-5',
    '  Gemini:             export GOOGLE_GENERATIVE_AI_API_KEY=... REINS_MODEL=google:gemini-2.5-flash',
    '  OpenAI-compatible:  REINS_MODEL=openai-compatible:<model>@http://127.0.0.1:8000/v1   (vLLM, llama.cpp, LM Studio)',
    '  In process (GGUF):  npm install node-llama-cpp@3 && reins models pull <url of a .gguf file>   (then reins run uses it; see the README)',
    'Or see reins at work offline first: reins demo',
  ].join('\n');
}
