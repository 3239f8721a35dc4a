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
import type { ToolSpec } from '../spec/decision.ts';
import type { ModelMessage, ModelRequest, ToolChoice } from '../spec/model.ts';

export function toCallOptions(
  request: ModelRequest,
  extra: { abortSignal?: AbortSignal; providerOptions?: SharedV4ProviderOptions } = {},
): LanguageModelV4CallOptions {
  const prompt = convertHistory(request.messages, request.system);
  const tools = request.tools?.length ? request.tools : undefined;
  return {
    prompt,
    maxOutputTokens: request.maxTokens,
    temperature: request.temperature,
    tools: tools?.map(toFunctionTool),
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

type FunctionTool = Extract<NonNullable<LanguageModelV4CallOptions['tools']>[number], { type: 'function' }>;

function toFunctionTool(tool: ToolSpec): FunctionTool {
  return { type: 'function', name: tool.name, description: tool.description, inputSchema: tool.inputSchema as JSONSchema7 };
}

/** A conversation's frozen prefix (keyed by its first message) and that prefix converted, both only growing. */
interface Conversation {
  sources: ModelMessage[];
  prompt: LanguageModelV4Message[];
}

const conversations = new WeakMap<ModelMessage, Conversation>();

/**
 * The provider messages of a history, after the system message if any. A conversation's next
 * request repeats the previous one's messages and adds a few: the frozen prefix it shares with the
 * conversation's cached one is reused whole (one identity check per message), only new messages
 * are converted, and new frozen ones extend the cache. The result is a new array each call (a
 * caller may keep a call's options), the one copy a step makes of the history.
 */
function convertHistory(messages: readonly ModelMessage[], system: string | undefined): LanguageModelV4Message[] {
  const head: LanguageModelV4Message[] = system ? [{ role: 'system', content: system }] : [];
  const first = messages[0];
  if (!first || !Object.isFrozen(first)) {
    for (const message of messages) head.push(convertOnce(message));
    return head;
  }
  let conversation = conversations.get(first);
  if (!conversation) {
    conversation = { sources: [], prompt: [] };
    conversations.set(first, conversation);
  }
  const { sources, prompt } = conversation;
  const limit = Math.min(sources.length, messages.length);
  let shared = 0;
  while (shared < limit && sources[shared] === messages[shared]) shared++;
  if (shared < sources.length) {
    // Another history from the same first message (a caller re-sending an older one): keep what is shared.
    sources.length = shared;
    prompt.length = shared;
  }
  let index = shared;
  for (; index < messages.length; index++) {
    const message = messages[index] as ModelMessage;
    if (!Object.isFrozen(message)) break;
    sources.push(message);
    prompt.push(toPromptMessage(message));
  }
  const converted = head.length === 0 ? prompt.slice() : [...head, ...prompt];
  for (; index < messages.length; index++) converted.push(convertOnce(messages[index] as ModelMessage));
  return converted;
}

/** Provider-format messages of frozen (never changing) reins messages, built once each. */
const convertedMessages = new WeakMap<ModelMessage, LanguageModelV4Message>();

function convertOnce(message: ModelMessage): LanguageModelV4Message {
  if (!Object.isFrozen(message)) return toPromptMessage(message);
  let done = convertedMessages.get(message);
  if (!done) {
    done = toPromptMessage(message);
    convertedMessages.set(message, done);
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
