/**
 * JSON tool calls in the shapes other than Llama 3's `{"name", "parameters"}`:
 * - OpenAI: `{"type": "function", "function": {"name", "arguments"}}` (arguments a JSON string or an
 *   object), `{"function_call": {..}}`, and `{"tool_calls": [..]}` (or `{"tool_call": {..}}`) around either (a tool definition,
 *   with `parameters` and no `arguments`, is not a call); the wrapper keys also in another case style
 *   (`functionCall`, `toolCalls`), and Gemini's `{"functionCall": {"name", "args"}}`;
 * - `{"tool_name", "parameters"}` (Command R), `{"name" | "function", "arguments" | "args" | "input" | "params"}`
 *   (and `{"tool", ..}` naming an offered tool, as gpt4free's tool plans write it, also beside
 *   `tool_input` as LangChain's agent actions do)
 *   (`params` as JSON-RPC and MemGPT write it), an MCP `tools/call` request around such a call
 *   (`mcp-request-call.ts`), and the name or the arguments under a qualified key
 *   (`{"command_name", "args"}`, MetaGPT's commands; `{"tool_name", "tool_args"}`, agent-zero's);
 * - inside a tool-call wrapper token only (Granite `<|tool_call|>`, Nemotron `<TOOLCALL>`, Apriel
 *   `<tool_calls>`, Command R `<|START_ACTION|>` / `Action:`, FireFunction `functools`, Apertus
 *   `<|tools_prefix|>`, LFM2, GigaChat, Mistral): `{"<known tool>": {args}}`; `{"name"}` alone there is
 *   a call without arguments, corrected rather than guessed as `{}` (as vLLM and sglang refuse it);
 *   so is an OpenAI function object naming an offered tool with no `arguments` (nor `parameters`).
 * A JSON value counts only when every element of it is a call, so ordinary JSON in an answer is left alone.
 * A key beside a call that its shape does not frame (`call-object.ts`: beside `arguments`, beside
 * `function`, beside `tool_calls`) is a correction naming it, never dropped.
 * A call whose arguments object is cut off before it closes is a correction, never repaired into a call;
 * so is a bare call object (no wrapper token before it) the reply ends inside, whatever it left open.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { openBrackets } from '../extract/open-brackets.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { argumentKeyOf, callArgumentKeys, callObjectProblem, cutOffCall, openAiFramingProblem } from './call-object.ts';
import { withWrapperSpelling } from './call-wrapper-spelling.ts';
import { mcpRequestCall } from './mcp-request-call.ts';
import { declaredBy, isThoughtKey, isTurnThought } from './turn-thoughts.ts';

interface ShapedCall {
  name: string;
  args: unknown;
  shape: 'openai' | 'json-call';
  /** `{"name"}` alone inside a wrapper token: a call whose arguments would have to be guessed. */
  noArguments?: boolean;
  /** A key beside the call that its shape does not frame (`call-object.ts`): dropping it would run another call. */
  problem?: ReadFailure;
  /** How deep the arguments sit in the JSON value read (the value itself is 1). */
  depth: number;
}

/** `calls` with `problem` set on the first, where there is one (a key beside them all). */
function withProblem(calls: ShapedCall[] | undefined, problem: ReadFailure | undefined): ShapedCall[] | undefined {
  const [first, ...rest] = calls ?? [];
  return first && problem && !first.problem ? [{ ...first, problem }, ...rest] : calls;
}

const wrapperBefore =
  /(?:<\|tool_calls?\|>|<TOOLCALL>|<tool_calls?>|<\|START_ACTION\|>|functools|<\|tools_prefix\|>|<\|tool_call_start\|>|<\|?function_call\|?>|\[TOOL_CALLS\]|<\|python_tag\|>|\bAction:|<\|role_sep\|>|<\|content_invoke_tool_json\|>)\s*(?:```[\w-]*\s*)?$/;
/** `command_name`, `functionName`, `action_name`: the name of the call under a qualified key (MetaGPT's commands). */
const qualifiedNameKey = /^(?:tool|function|command|action)[_-]?name$/i;
/** `tool_input`, `toolArgs`: arguments under a key qualified by `tool`, the word that names the call beside it. */
const toolQualifiedArgumentKey = /^tool[_-]?(?:args|arguments|input|params|parameters)$/i;


/** A tool definition (`{"name", "description", "parameters": {"type": "object", ..}}`), echoed from a tool list. */
const isDefinition = (item: unknown): boolean =>
  isRecord(item) && ('description' in item || (isRecord(item.parameters) && ('properties' in item.parameters || item.parameters.type === 'object')));

/**
 * `{"functions": [..]}`, `{"calls": [..]}`: calls listed under a key of their own, the object's only key
 * (swarms writes `functions`). Read whatever the key, since each item must be a whole call (a name and
 * its arguments): a list of data or of tool definitions is no call, and a name not offered is corrected.
 */
function listedCalls(value: Record<string, unknown>, tools: readonly ToolSpec[], depth: number): ShapedCall[] | undefined {
  const [key, ...others] = Object.keys(value);
  const list = key === undefined || others.length > 0 ? undefined : value[key];
  if (!Array.isArray(list) || list.length === 0 || list.some(isDefinition)) return undefined;
  const calls = callsOf(list, false, tools, depth + 1);
  return calls?.every((call) => call.shape === 'json-call' && !call.noArguments) ? calls : undefined;
}

/**
 * `<function_call>{"call": {"name": "get_weather", "arguments": {..}}}`: inside a tool-call wrapper token,
 * one whole call (an offered tool's name and its arguments) under a key of its own, the object's only key
 * (deepchat's legacy parser reads any such envelope). Without the token such an object is no shape reins
 * reads (an attempt, corrected): the token, not the envelope, says a call follows. Not the keys that frame a call themselves
 * (`function`, `function_call`, an argument key, a tool's name): those are their shapes' to read; nor a
 * key of the prototype machinery (`__proto__`: a call hidden there is refused, `prototype-keys.ts`).
 */
const envelopeKey = /^(?!(?:function|function_call|constructor|prototype)$)[A-Za-z][\w-]*$/;

function envelopedCall(value: Record<string, unknown>, tools: readonly ToolSpec[], depth: number): ShapedCall[] | undefined {
  const [key, ...others] = Object.keys(value);
  if (key === undefined || others.length > 0 || !isRecord(value[key]) || !envelopeKey.test(key)) return undefined;
  if (argumentKeyOf(value) !== undefined || tools.some((tool) => tool.name === key)) return undefined;
  const calls = callsOf(value[key], false, tools, depth + 1);
  const call = calls?.length === 1 ? calls[0] : undefined;
  return call && !call.noArguments && tools.some((tool) => tool.name === call.name) ? calls : undefined;
}

function callsOf(written: unknown, wrapped: boolean, tools: readonly ToolSpec[], depth = 1): ShapedCall[] | undefined {
  if (Array.isArray(written)) {
    const calls = written.map((item) => callsOf(item, wrapped, tools, depth + 1));
    return calls.length > 0 && calls.every((call) => call !== undefined) ? calls.flat() : undefined;
  }
  if (!isRecord(written) || 'action' in written) return undefined;
  // `functionCall`, `toolCalls`: a wrapper key in another case style (`call-wrapper-spelling.ts`).
  const value = withWrapperSpelling(written);
  if (Array.isArray(value.tool_calls)) {
    const calls = callsOf(value.tool_calls, true, tools, depth + 1);
    return withProblem(calls, calls?.[0] && openAiFramingProblem(value, 'message', calls[0].name));
  }
  // `{"tool_call": {..}}`: one call under a wrapper key, its only key.
  if (isRecord(value.tool_call) && Object.keys(value).length === 1) return callsOf(value.tool_call, true, tools, depth + 1);
  // An MCP `tools/call` request: its `params` are the call (`mcp-request-call.ts`).
  const request = mcpRequestCall(value);
  if (request) return callsOf(request, false, tools, depth + 1);
  const enveloped = wrapped ? envelopedCall(value, tools, depth) : undefined;
  if (enveloped) return enveloped;
  const listed = listedCalls(value, tools, depth);
  if (listed) return listed;
  const openAi = isRecord(value.function) ? value.function : isRecord(value.function_call) ? value.function_call : undefined;
  // `arguments` tells a call from a tool definition (`{"type": "function", "function": {"name", "parameters"}}`).
  if (openAi) {
    if (typeof openAi.name !== 'string') return undefined;
    if ('arguments' in openAi) {
      // Keys beside `arguments`, beside `function` (the tool call's metadata) or beside `function_call` (a message's).
      const problem =
        callObjectProblem(openAi, 'arguments', true) ?? openAiFramingProblem(value, openAi === value.function ? 'tool-call' : 'message', openAi.name);
      return [{ name: openAi.name, args: openAi.arguments, shape: 'openai', depth: depth + 2, ...(problem ? { problem } : {}) }];
    }
    // Llama 3.x's JSON calls keep `parameters` under the OpenAI wrapper; a definition's are a JSON
    // Schema beside a description (`isDefinition`), a call's are the values.
    if (isRecord(openAi.parameters) && !isDefinition(openAi)) {
      const problem =
        callObjectProblem(openAi, 'parameters', true) ?? openAiFramingProblem(value, openAi === value.function ? 'tool-call' : 'message', openAi.name);
      return [{ name: openAi.name, args: openAi.parameters, shape: 'openai', depth: depth + 2, ...(problem ? { problem } : {}) }];
    }
    // Gemini's `functionCall` holds its arguments under `args` (`{"functionCall": {"name", "args"}}`).
    if (openAi === value.function_call && isRecord(openAi.args)) {
      const problem = callObjectProblem(openAi, 'args', true) ?? openAiFramingProblem(value, 'message', openAi.name);
      return [{ name: openAi.name, args: openAi.args, shape: 'openai', depth: depth + 2, ...(problem ? { problem } : {}) }];
    }
    // Naming an offered tool with neither arguments nor a definition's keys: a call whose arguments
    // would have to be guessed (koboldcpp runs it with `{}`), corrected as `{"name"}` alone is.
    const definition = 'parameters' in openAi || 'description' in openAi;
    const offered = tools.some((tool) => tool.name === openAi.name);
    return offered && !definition ? [{ name: openAi.name, args: {}, shape: 'openai', noArguments: true, depth: depth + 2 }] : undefined;
  }
  // The model's thoughts beside a call make it a turn (`thought-command-json.ts`), read with them.
  // (The called tool's parameters are looked up only for a thought-worded key: most objects hold none.)
  if (Object.keys(value).some((key) => isThoughtKey(key) && isTurnThought(value, key, declaredBy(value.tool_name ?? value.name ?? value.function ?? value.tool, tools)))) return undefined;
  // `tool` names the call as gpt4free's and other agents' plans write it (`{"tool": "read", "args": {..}}`):
  // only for an offered tool with its arguments under a plain key (`arguments`, `args`, ..) or a key
  // qualified by `tool` itself (LangChain's agent action, `{"tool": "read", "tool_input": {..}}`), and
  // never beside `action` (reins' own decision, `{"action": "call_tool", "tool": ..}`).
  const plainArguments = callArgumentKeys.some((key) => key in value) || Object.keys(value).some((key) => toolQualifiedArgumentKey.test(key));
  const toolKey = typeof value.tool === 'string' && plainArguments && !('action' in value) && tools.some((tool) => tool.name === value.tool) ? ['tool'] : [];
  const nameKey = ['tool_name', 'name', 'function', ...toolKey, ...Object.keys(value).filter((key) => qualifiedNameKey.test(key))].find((key) => typeof value[key] === 'string');
  const argumentKey = argumentKeyOf(value);
  if (nameKey !== undefined && (argumentKey || wrapped)) {
    const name = value[nameKey] as string;
    const problem = argumentKey ? callObjectProblem(value, argumentKey, true, nameKey) : undefined;
    return [{ name, args: argumentKey ? value[argumentKey] : {}, shape: 'json-call', noArguments: !argumentKey, depth: depth + 1, ...(problem ? { problem } : {}) }];
  }
  const [only, ...others] = Object.keys(value);
  if (wrapped && only !== undefined && others.length === 0 && isRecord(value[only]) && tools.some((tool) => tool.name === only)) {
    return [{ name: only, args: value[only], shape: 'json-call', depth: depth + 1 }];
  }
  return undefined;
}

export const jsonCallShapesReader: DialectReader = {
  dialect: 'json-call',
  needs: '{', // every shape is a JSON object
  read(text, { tools }): Reading | undefined {
    const calls: ShapedCall[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let unreadWrapped = 0;
    for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
      const json = readJson(span.text);
      const wrapped = wrapperBefore.test(text.slice(Math.max(0, span.start - 40), span.start));
      const found = json.ok ? callsOf(json.value, wrapped, tools) : undefined;
      if (!json.ok || !found) {
        if (wrapped) unreadWrapped++;
        continue;
      }
      // The reply ends inside the JSON: the calls run only when the last one's arguments were written
      // to their end (only the brackets around them left open, as a server that stops at the
      // wrapper's end token leaves them); a call cut inside its arguments never runs (invariant 2),
      // whatever key holds them. With no wrapper token before it no server stopped there: the call
      // object itself is cut off, a correction as every JSON call object is (`call-object.ts`).
      // Conclusive: another reader's reading of the rest would drop the call.
      const last = found[found.length - 1];
      const open = span.complete ? 0 : wrapped ? openBrackets(span.text) : undefined;
      if (last && (open === undefined || open >= last.depth)) return { ...failedReading('json-call', cutOffCall(last.name)), conclusive: true };
      repaired ||= json.repaired;
      calls.push(...found);
      spans.push([span.start, span.end]);
    }
    const [first] = calls;
    if (!first) return undefined;
    // A second call that cannot be read is not dropped silently: the whole turn is corrected.
    if (unreadWrapped > 0) return failedReading('json-call', { kind: 'invalid-json', message: 'one of the tool calls could not be read (expected {"name": .., "arguments": {..}} after each call token)' });
    const framed = calls.find((call) => call.problem);
    // Conclusive, as for the other JSON call readers: no other reading (an answer beside it) drops the key.
    if (framed?.problem) return { ...failedReading('json-call', framed.problem), conclusive: true };
    const bare = calls.find((call) => call.noArguments);
    if (bare) {
      const toolName = sanitizeName(bare.name);
      const message = `the call of \`${toolName}\` gives no arguments: write "arguments": {..} (an empty object when the tool takes none)`;
      return failedReading('json-call', { kind: 'invalid-args', message, toolName });
    }
    const items = calls.map((call) => {
      const args = argumentsValue(call.args);
      repaired ||= args.repaired;
      return callItem(call.name, args.value, tools);
    });
    return { dialect: first.shape, items, thoughts: [], repaired, spans };
  },
};
