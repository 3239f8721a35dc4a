/**
 * Maps a reins `ModelRequest` to the AI SDK provider call options (LanguageModelV4CallOptions).
 * The provider package then turns these into its own wire format; reins writes none of it.
 * Incremental: a frozen message (the loop freezes every message it sends, see
 * `loop/seal-history.ts`) cannot change, so its provider-format message is built once and reused on
 * every later step; a step then converts only the messages new since the last one. Messages not
 * frozen (a caller's own request) are converted on every call.
 */
import type {
  JSONSchema7,
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4ToolChoice,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import type { ModelMessage, ModelRequest, ToolChoice } from '../spec/model.ts';

export function toCallOptions(
  request: ModelRequest,
  extra: { abortSignal?: AbortSignal; providerOptions?: SharedV4ProviderOptions } = {},
): LanguageModelV4CallOptions {
  const history = convertHistory(request.messages);
  const prompt: LanguageModelV4Message[] = request.system ? [{ role: 'system', content: request.system }, ...history] : history;

  const tools = request.tools?.length ? request.tools : undefined;
  return {
    prompt,
    maxOutputTokens: request.maxTokens,
    temperature: request.temperature,
    tools: tools?.map((tool) => ({
      type: 'function' as const,
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as JSONSchema7,
    })),
    toolChoice: tools ? toToolChoice(request.toolChoice ?? 'auto') : undefined,
    responseFormat: request.responseSchema
      ? { type: 'json', schema: request.responseSchema as JSONSchema7, name: 'response' }
      : undefined,
    abortSignal: extra.abortSignal,
    providerOptions: extra.providerOptions,
  };
}

export function toToolChoice(choice: ToolChoice): LanguageModelV4ToolChoice {
  return typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.tool };
}

/** The last history converted per conversation (keyed by its first message): its frozen prefix and that prefix converted. */
const lastHistory = new WeakMap<ModelMessage, { sources: ModelMessage[]; prompt: LanguageModelV4Message[] }>();

/**
 * The provider messages of a history. A conversation's next request repeats the previous one's
 * messages and adds a few: the longest frozen prefix shared with the last request of the same
 * conversation is reused as a whole (one identity check per message, no lookup), only the rest is
 * converted (`convertOnce`).
 */
function convertHistory(messages: readonly ModelMessage[]): LanguageModelV4Message[] {
  const first = messages[0];
  if (!first || !Object.isFrozen(first)) return messages.map(convertOnce);
  const last = lastHistory.get(first);
  let reused = 0;
  if (last) {
    const limit = Math.min(last.sources.length, messages.length);
    while (reused < limit && last.sources[reused] === messages[reused]) reused++;
  }
  const prompt = last ? last.prompt.slice(0, reused) : [];
  let frozen = reused;
  for (let index = reused; index < messages.length; index++) {
    const message = messages[index] as ModelMessage;
    if (frozen === index && Object.isFrozen(message)) frozen++;
    prompt.push(convertOnce(message));
  }
  lastHistory.set(first, { sources: messages.slice(0, frozen), prompt: prompt.slice(0, frozen) });
  return prompt;
}

/** Provider-format messages of frozen (never changing) reins messages, built once each. */
const converted = new WeakMap<ModelMessage, LanguageModelV4Message>();

function convertOnce(message: ModelMessage): LanguageModelV4Message {
  if (!Object.isFrozen(message)) return toPromptMessage(message);
  let done = converted.get(message);
  if (!done) {
    done = toPromptMessage(message);
    converted.set(message, done);
  }
  return done;
}

function toPromptMessage(message: ModelMessage): LanguageModelV4Message {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: [{ type: 'text', text: message.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: call.arguments,
          })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: message.toolName,
            output: message.isError
              ? { type: 'error-text', value: message.content }
              : { type: 'text', value: message.content },
          },
        ],
      };
  }
}
