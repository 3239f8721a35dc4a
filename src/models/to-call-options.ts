/**
 * Maps a reins `ModelRequest` to the AI SDK provider call options (LanguageModelV4CallOptions).
 * The provider package then turns these into its own wire format; reins writes none of it.
 * Incremental: a frozen message (the loop freezes every message it sends, see
 * `loop/seal-history.ts`) cannot change, so its provider-format message is built once and reused on
 * every later step; a step then converts only the messages new since the last one (each loop
 * request's messages extend the previous request's). Messages not frozen (a caller's own request)
 * are converted on every call.
 */
import type {
  JSONSchema7,
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4ToolChoice,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import type { ToolSpec } from '../spec/decision.ts';
import type { ModelMessage, ModelRequest, ModelToolCall, ToolChoice } from '../spec/model.ts';
import { markPromptCache } from './prompt-cache.ts';

export function toCallOptions(
  request: ModelRequest,
  extra: { abortSignal?: AbortSignal; providerOptions?: SharedV4ProviderOptions } = {},
): LanguageModelV4CallOptions {
  return callOptionsOf(request, extra.abortSignal, extra.providerOptions);
}

/** `toCallOptions` with its extras as arguments. */
export function callOptionsOf(request: ModelRequest, abortSignal: AbortSignal | undefined, providerOptions: SharedV4ProviderOptions | undefined): LanguageModelV4CallOptions {
  const options = optionsWith(request, convertHistory(request.messages, request.messages.length, request.system));
  options.abortSignal = abortSignal;
  options.providerOptions = providerOptions;
  if (request.promptCacheKey !== undefined) markPromptCache(options, request.promptCacheKey);
  return options;
}

/** The options of `request` around its converted `prompt`, the extras still to be set (their keys in place). */
function optionsWith(request: ModelRequest, prompt: LanguageModelV4Message[]): LanguageModelV4CallOptions {
  const tools = request.tools?.length ? request.tools : undefined;
  return {
    prompt,
    maxOutputTokens: request.maxTokens,
    temperature: request.temperature,
    tools: tools && functionTools(tools),
    toolChoice: tools ? toToolChoice(request.toolChoice ?? 'auto') : undefined,
    responseFormat: request.responseSchema
      ? { type: 'json', schema: request.responseSchema as JSONSchema7, name: 'response' }
      : undefined,
    abortSignal: undefined,
    providerOptions: undefined,
  };
}

export function toToolChoice(choice: ToolChoice): LanguageModelV4ToolChoice {
  return typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.tool };
}

type FunctionTool = Extract<NonNullable<LanguageModelV4CallOptions['tools']>[number], { type: 'function' }>;

function toFunctionTool(tool: ToolSpec): FunctionTool {
  return { type: 'function', name: tool.name, description: tool.description, inputSchema: tool.inputSchema as JSONSchema7 };
}

/**
 * The provider tools of a frozen tool list (the loop's offer is frozen and shared by every step and
 * run, see `loop/build-request.ts`), built once per list; each call still gets its own list. A list
 * that is not frozen may change between calls: converted every time.
 */
const convertedTools = new WeakMap<readonly ToolSpec[], FunctionTool[]>();

function functionTools(tools: readonly ToolSpec[]): FunctionTool[] {
  if (!Object.isFrozen(tools)) return tools.map(toFunctionTool);
  let done = convertedTools.get(tools);
  if (!done) {
    done = tools.map(toFunctionTool);
    convertedTools.set(tools, done);
  }
  return done.slice();
}

/**
 * A conversation's frozen prefix and that prefix converted, both only growing. `prompt[0]` is the
 * system message of the last call (`system` its text), so one copy of `prompt` is a call's whole
 * prompt; `prompt[i + 1]` is `sources[i]` converted.
 */
interface Conversation {
  sources: ModelMessage[];
  prompt: LanguageModelV4Message[];
  system: string | undefined;
}

/** A conversation, keyed by its first message: every request of a run starts with the same one. */
const conversations = new WeakMap<ModelMessage, Conversation>();

const newConversation = (): Conversation => ({ sources: [], prompt: [{ role: 'system', content: '' }], system: undefined });

/**
 * The provider messages of a history, after the system message if any. Without a frozen first
 * message, every message is converted (frozen ones once each, `convertOnce`); with one, through
 * the conversation of that first message (`extendConversation`).
 */
function convertHistory(messages: readonly ModelMessage[], count: number, system: string | undefined): LanguageModelV4Message[] {
  const first = count > 0 ? messages[0] : undefined;
  if (!first || !Object.isFrozen(first)) {
    const converted: LanguageModelV4Message[] = system ? [{ role: 'system', content: system }] : [];
    for (let index = 0; index < count; index++) converted.push(convertOnce(messages[index] as ModelMessage));
    return converted;
  }
  let conversation = conversations.get(first);
  if (!conversation) {
    conversation = newConversation();
    conversations.set(first, conversation);
  }
  return extendConversation(conversation, messages, count, system);
}

/**
 * A conversation's next request repeats the previous one's messages and adds a few: the frozen
 * prefix it shares with the conversation's cached one is reused whole (one identity check per
 * message), only new messages are converted, and new frozen ones extend the cache. The result is
 * a new array each call (a caller may keep a call's options), the one copy a step makes of the
 * history.
 */
function extendConversation(conversation: Conversation, messages: readonly ModelMessage[], count: number, system: string | undefined): LanguageModelV4Message[] {
  const { sources, prompt } = conversation;
  const limit = Math.min(sources.length, count);
  let shared = 0;
  while (shared < limit && sources[shared] === messages[shared]) shared++;
  if (shared < sources.length) {
    // Another history from the same first message (a caller re-sending an older one): keep what is shared.
    sources.length = shared;
    prompt.length = shared + 1;
  }
  let index = shared;
  for (; index < count; index++) {
    const message = messages[index] as ModelMessage;
    if (!Object.isFrozen(message)) break;
    sources.push(message);
    prompt.push(toPromptMessage(message));
  }
  if (system && system !== conversation.system) {
    // A new object, not a write to the old one: an earlier call's prompt may still hold it.
    prompt[0] = { role: 'system', content: system };
    conversation.system = system;
  }
  const converted = system ? prompt.slice(0, index + 1) : prompt.slice(1, index + 1);
  for (; index < count; index++) converted.push(convertOnce(messages[index] as ModelMessage));
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
      return { role: 'assistant', content: assistantContent(message.content, message.toolCalls) };
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

type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

/** The text part (when there is text), then one part per tool call. */
function assistantContent(text: string, calls: readonly ModelToolCall[] | undefined): AssistantPart[] {
  const content: AssistantPart[] = text ? [{ type: 'text', text }] : [];
  for (const call of calls ?? []) content.push(toolCallPart(call));
  return content;
}

function toolCallPart(call: ModelToolCall): AssistantPart {
  return { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments };
}
