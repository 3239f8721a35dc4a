/**
 * JSON tool calls in the shapes other than Llama 3's `{"name", "parameters"}`:
 * - OpenAI: `{"type": "function", "function": {"name", "arguments"}}` (arguments a JSON string or an
 *   object), `{"function_call": {..}}`, and `{"tool_calls": [..]}` (or `{"tool_call": {..}}`) around either (a tool definition,
 *   with `parameters` and no `arguments`, is not a call);
 * - `{"tool_name", "parameters"}` (Command R), `{"name" | "function", "arguments" | "args" | "input"}`,
 *   and the name under a qualified key (`{"command_name", "args"}`, MetaGPT's commands);
 * - inside a tool-call wrapper token only (Granite `<|tool_call|>`, Nemotron `<TOOLCALL>`, Apriel
 *   `<tool_calls>`, Command R `<|START_ACTION|>` / `Action:`, FireFunction `functools`, Apertus
 *   `<|tools_prefix|>`, LFM2, GigaChat, Mistral): `{"<known tool>": {args}}`; `{"name"}` alone there is
 *   a call without arguments, corrected rather than guessed as `{}` (as vLLM and sglang refuse it);
 *   so is an OpenAI function object naming an offered tool with no `arguments` (nor `parameters`).
 * A JSON value counts only when every element of it is a call, so ordinary JSON in an answer is left alone.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { openBrackets } from '../extract/open-brackets.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

interface ShapedCall {
  name: string;
  args: unknown;
  shape: 'openai' | 'json-call';
  /** `{"name"}` alone inside a wrapper token: a call whose arguments would have to be guessed. */
  noArguments?: boolean;
  /** Keys of the call object that are neither its name, its arguments nor call metadata: never dropped. */
  stray?: string[];
  /** How deep the arguments sit in the JSON value read (the value itself is 1). */
  depth: number;
}

/** Keys a call object may hold besides its name and arguments: the metadata APIs add. */
const metadataKeys: ReadonlySet<string> = new Set(['id', 'type', 'call_id', 'tool_call_id', 'index']);

/** The keys of `call` other than `used` and call metadata; undefined when there are none. */
function strayKeys(call: Record<string, unknown>, used: readonly (string | undefined)[]): string[] | undefined {
  const stray = Object.keys(call).filter((key) => !used.includes(key) && !metadataKeys.has(key));
  return stray.length > 0 ? stray : undefined;
}

const wrapperBefore =
  /(?:<\|tool_calls?\|>|<TOOLCALL>|<tool_calls?>|<\|START_ACTION\|>|functools|<\|tools_prefix\|>|<\|tool_call_start\|>|<\|?function_call\|?>|\[TOOL_CALLS\]|<\|python_tag\|>|\bAction:|<\|role_sep\|>|<\|content_invoke_tool_json\|>)\s*(?:```[\w-]*\s*)?$/;
const argumentKeys = ['arguments', 'parameters', 'args', 'input'] as const;
/** `command_name`, `functionName`, `action_name`: the name of the call under a qualified key (MetaGPT's commands). */
const qualifiedNameKey = /^(?:tool|function|command|action)[_-]?name$/i;


function callsOf(value: unknown, wrapped: boolean, tools: readonly ToolSpec[], depth = 1): ShapedCall[] | undefined {
  if (Array.isArray(value)) {
    const calls = value.map((item) => callsOf(item, wrapped, tools, depth + 1));
    return calls.length > 0 && calls.every((call) => call !== undefined) ? calls.flat() : undefined;
  }
  if (!isRecord(value) || 'action' in value) return undefined;
  if (Array.isArray(value.tool_calls)) return callsOf(value.tool_calls, true, tools, depth + 1);
  // `{"tool_call": {..}}`: one call under a wrapper key, its only key.
  if (isRecord(value.tool_call) && Object.keys(value).length === 1) return callsOf(value.tool_call, true, tools, depth + 1);
  const openAi = isRecord(value.function) ? value.function : isRecord(value.function_call) ? value.function_call : undefined;
  // `arguments` tells a call from a tool definition (`{"type": "function", "function": {"name", "parameters"}}`).
  if (openAi) {
    if (typeof openAi.name !== 'string') return undefined;
    if ('arguments' in openAi) return [{ name: openAi.name, args: openAi.arguments, shape: 'openai', stray: strayKeys(openAi, ['name', 'arguments']), depth: depth + 2 }];
    // Naming an offered tool with neither arguments nor a definition's keys: a call whose arguments
    // would have to be guessed (koboldcpp runs it with `{}`), corrected as `{"name"}` alone is.
    const definition = 'parameters' in openAi || 'description' in openAi;
    const offered = tools.some((tool) => tool.name === openAi.name);
    return offered && !definition ? [{ name: openAi.name, args: {}, shape: 'openai', noArguments: true, depth: depth + 2 }] : undefined;
  }
  const nameKey = ['tool_name', 'name', 'function', ...Object.keys(value).filter((key) => qualifiedNameKey.test(key))].find((key) => typeof value[key] === 'string');
  const name = nameKey === undefined ? undefined : (value[nameKey] as string);
  const argumentKey = argumentKeys.find((key) => key in value);
  if (name !== undefined && (argumentKey || wrapped)) {
    return [{ name, args: argumentKey ? value[argumentKey] : {}, shape: 'json-call', noArguments: !argumentKey, stray: strayKeys(value, [nameKey, argumentKey]), depth: depth + 1 }];
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
      // wrapper's end token leaves them); a call cut inside its arguments never runs (invariant 2).
      const last = found[found.length - 1];
      const open = span.complete ? 0 : openBrackets(span.text);
      if (last && (open === undefined || open >= last.depth)) {
        // Conclusive: the call is certainly there, and another reader's reading of the rest would drop it.
        return { ...failedReading('json-call', { kind: 'no-decision', message: `the call of \`${sanitizeName(last.name)}\` is cut off before its arguments close: resend the whole call`, toolName: sanitizeName(last.name) }), conclusive: true };
      }
      repaired ||= json.repaired;
      calls.push(...found);
      spans.push([span.start, span.end]);
    }
    const [first] = calls;
    if (!first) return undefined;
    // A second call that cannot be read is not dropped silently: the whole turn is corrected.
    if (unreadWrapped > 0) return failedReading('json-call', { kind: 'invalid-json', message: 'one of the tool calls could not be read (expected {"name": .., "arguments": {..}} after each call token)' });
    // A key beside the name and the arguments belongs to no argument: dropping it would run another call than the one written.
    const strayCall = calls.find((call) => call.stray);
    if (strayCall?.stray) {
      const toolName = sanitizeName(strayCall.name);
      const keys = strayCall.stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
      const failure = { kind: 'invalid-args' as const, message: `the call of \`${toolName}\` holds ${keys} beside its arguments: put every argument inside the arguments object`, toolName };
      return { ...failedReading('json-call', failure), conclusive: true };
    }
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
