/**
 * Reads a model string: `provider:model`, or `openai-compatible:<model>@<baseURL>`.
 * Only the first `:` splits, so Ollama tags such as `ollama:qwen3:8b` keep their own colon.
 */
import { ModelConfigError } from '../errors/model-config-error.ts';

export const KNOWN_PROVIDERS = ['openai', 'anthropic', 'google', 'ollama', 'openai-compatible', 'llama'] as const;
export type KnownProvider = (typeof KNOWN_PROVIDERS)[number];

export interface ParsedModelString {
  provider: KnownProvider;
  modelId: string;
  /** The `@<baseURL>` part of an `openai-compatible:` string. */
  baseURL?: string;
}

const shapes = 'expected `provider:model`, e.g. `openai:gpt-4.1-mini`, `google:gemini-2.5-flash`, `ollama:qwen3`, `llama:<path.gguf>`, or `openai-compatible:<model>@<baseURL>`';

export function parseModelString(modelString: string): ParsedModelString {
  const colon = modelString.indexOf(':');
  const provider = modelString.slice(0, colon).trim().toLowerCase();
  const rest = modelString.slice(colon + 1).trim();
  if (colon <= 0 || rest === '') {
    throw new ModelConfigError(`malformed model string \`${modelString}\``, {
      kind: 'malformed-model-string',
      modelString,
      hint: shapes,
    });
  }
  if (!isKnownProvider(provider)) {
    throw new ModelConfigError(`unknown model provider \`${provider}\` in \`${modelString}\``, {
      kind: 'unknown-provider',
      modelString,
      knownProviders: [...KNOWN_PROVIDERS],
      hint: `use one of: ${KNOWN_PROVIDERS.join(', ')}`,
    });
  }
  if (provider !== 'openai-compatible') return { provider, modelId: rest };

  const match = /^(.+?)@(https?:\/\/\S+)$/.exec(rest);
  if (!match) return { provider, modelId: rest };
  return { provider, modelId: match[1] as string, baseURL: match[2] as string };
}

function isKnownProvider(value: string): value is KnownProvider {
  return (KNOWN_PROVIDERS as readonly string[]).includes(value);
}
