/**
 * Maps a reins `ModelRequest` to the AI SDK provider call options (LanguageModelV4CallOptions).
 * The provider package then turns these into its own wire format; reins writes none of it.
 * Incremental: a frozen message (the loop freezes every message it sends, see
 * `loop/seal-history.ts`) cannot change, so its provider-format message is built once and reused on
 * every later step; a step then converts only the messages new since the last one. Messages not
 * frozen (a caller's own request) are converted on every call. The loop's request is read through
 * its history prefix (`history-prefix.ts`): its `messages` are never copied on this path.
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
import { readHistoryPrefix } from './history-prefix.ts';
import { markPromptCache } from './prompt-cache.ts';

export function toCallOptions(
  request: ModelRequest,
  extra: { abortSignal?: AbortSignal; providerOptions?: SharedV4ProviderOptions } = {},
): LanguageModelV4CallOptions {
  return callOptionsOf(request, extra.abortSignal, extra.providerOptions);
}

/** `toCallOptions` with its extras as arguments (no object per call). */
export function callOptionsOf(request: ModelRequest, abortSignal: AbortSignal | undefined, providerOptions: SharedV4ProviderOptions | undefined): LanguageModelV4CallOptions {
  // The loop's request: its history prefix, read without a copy; any other: its messages.
  const options =
    readHistoryPrefix(request, prefixCallOptions, request) ??
    optionsWith(request, convertHistory(request.messages, request.messages.length, request.system), undefined);
  options.abortSignal = abortSignal;
  options.providerOptions = providerOptions;
  if (request.promptCacheKey !== undefined) markPromptCache(options, request.promptCacheKey);
  return options;
}

/** The call options of a loop's request, whose messages are the first `count` of `history`. */
function prefixCallOptions(history: readonly ModelMessage[], count: number, request: ModelRequest): LanguageModelV4CallOptions {
  const conversation = historyConversation(history, count);
  const prompt = conversation ? extendConversation(conversation, history, count, request.system) : convertHistory(history, count, request.system);
  return optionsWith(request, prompt, conversation);
}

/** The options of `request` around its converted `prompt`, the extras still to be set (their keys in place). */
function optionsWith(request: ModelRequest, prompt: LanguageModelV4Message[], conversation: Conversation | undefined): LanguageModelV4CallOptions {
  const tools = request.tools?.length ? request.tools : undefined;
  return {
    prompt,
    maxOutputTokens: request.maxTokens,
    temperature: request.temperature,
    tools: tools && functionTools(tools, conversation),
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
 * run, see `loop/build-request.ts`), built once per conversation (a run) for its last list, else
 * once per list; each call still gets its own list. A list that is not frozen may change between
 * calls: converted every time.
 */
const convertedTools = new WeakMap<readonly ToolSpec[], FunctionTool[]>();

function functionTools(tools: readonly ToolSpec[], conversation: Conversation | undefined): FunctionTool[] {
  // The run's own list first: a run made with a new agent (new tools) then inserts no WeakMap entry,
  // which costs more than converting a few tools.
  if (conversation?.tools === tools) return (conversation.functionTools as FunctionTool[]).slice();
  if (!Object.isFrozen(tools)) return tools.map(toFunctionTool);
  let done = conversation ? undefined : convertedTools.get(tools);
  if (!done) {
    done = tools.map(toFunctionTool);
    if (conversation) {
      conversation.tools = tools;
      conversation.functionTools = done;
    } else convertedTools.set(tools, done);
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
  /** The last frozen tool list sent in the conversation, and its provider tools. */
  tools: readonly ToolSpec[] | undefined;
  functionTools: FunctionTool[] | undefined;
}

/** A request's conversation, keyed by its first message (any request's `messages` are a new list). */
const conversations = new WeakMap<ModelMessage, Conversation>();

/** Lets a subclass add private fields to an object it did not create (the constructor returns it). */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/**
 * The conversation of a run's history, as a private field of the history list itself (invisible
 * to keys, JSON and clones): the loop's requests all view one list, so its conversation is found
 * with no hash lookup and costs no WeakMap entry per run.
 */
class HistoryConversation extends Stamp {
  readonly #conversation: Conversation;

  constructor(history: readonly ModelMessage[], conversation: Conversation) {
    super(history);
    this.#conversation = conversation;
  }

  static of(history: readonly ModelMessage[]): Conversation | undefined {
    return #conversation in history ? (history as unknown as HistoryConversation).#conversation : undefined;
  }
}

const newConversation = (): Conversation => ({ sources: [], prompt: [{ role: 'system', content: '' }], system: undefined, tools: undefined, functionTools: undefined });

/**
 * The conversation of a run's history, made with its first call; none while the history has no
 * frozen first message or cannot take the field (a frozen list).
 */
function historyConversation(history: readonly ModelMessage[], count: number): Conversation | undefined {
  // A conversation is only made over a frozen first message, and frozen stays frozen: not checked again.
  let conversation = HistoryConversation.of(history);
  if (conversation) return conversation;
  const first = count > 0 ? history[0] : undefined;
  if (!first || !Object.isFrozen(first) || !Object.isExtensible(history)) return undefined;
  conversation = newConversation();
  new HistoryConversation(history, conversation);
  return conversation;
}

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

/**
 * The text part (when there is text) then one part per tool call, in a list made at its final
 * length (grown by `push` from empty, a list takes 17 slots for one call).
 */
function assistantContent(text: string, calls: readonly ModelToolCall[] | undefined): AssistantPart[] {
  const callCount = calls?.length ?? 0;
  if (callCount === 0) return text ? [{ type: 'text', text }] : [];
  // One call and no text, a native turn's usual reply: a literal, cheaper than the constructor.
  if (callCount === 1 && !text) return [toolCallPart((calls as readonly ModelToolCall[])[0] as ModelToolCall)];
  const offset = text ? 1 : 0;
  const content = new Array<AssistantPart>(offset + callCount);
  if (text) content[0] = { type: 'text', text };
  for (let index = 0; index < callCount; index++) content[offset + index] = toolCallPart((calls as readonly ModelToolCall[])[index] as ModelToolCall);
  return content;
}

function toolCallPart(call: ModelToolCall): AssistantPart {
  return { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments };
}
