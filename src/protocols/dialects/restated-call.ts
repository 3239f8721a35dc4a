/**
 * A call whose arguments are the call written again: the header or tag names the tool, and the body
 * is a whole call object naming the same tool,
 *
 *   <|channel|>commentary to=list_files <|constrain|>json<|message|>{"name": "list_files", "arguments": {"path": "."}, "call_id": null}
 *   <tool_call>{"name": "search", "arguments": {"name": "search", "arguments": {"q": "tides"}}}</tool_call>
 *
 * (gpt-oss writes its harmony message so when prompted with a JSON call format). Read as written, the
 * arguments would be the framing (`name`, `arguments`, `call_id`) and the call inside them a second
 * call in another form. The inner call's arguments are this call's where nothing else is in the body:
 * `name` is the called tool's own name, one arguments key (`arguments`, `parameters`, `args`, `input`)
 * holds an object, any other key is a call id or the call's `type`, the tool declares no `name`
 * parameter, and it declares every inner key (as `wrapped-arguments.ts` unwraps a lone wrapper), so
 * the reading is no guess. Anything else stays as written, for validation to judge.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';

const argumentKeys = new Set(['arguments', 'parameters', 'args', 'input']);
const idKeys = new Set(['id', 'call_id', 'tool_call_id']);

/** True when `key: value` is call framing beside a restated call's name and arguments: an id (text or null) or `type: "function"`. */
function framing(key: string, value: unknown): boolean {
  if (idKeys.has(key)) return value === null || typeof value === 'string';
  return key === 'type' && value === 'function';
}

/** The restated call's arguments when `args` restates the call of `name` (see above); else `args` as it is. */
export function restatedCallArguments(args: unknown, name: unknown, tools: readonly ToolSpec[]): unknown {
  // Most arguments name no tool: the tool is looked up only for those that do.
  if (!isRecord(args) || typeof name !== 'string' || args.name !== name) return args;
  const properties = tools.find((tool) => tool.name === name)?.inputSchema.properties;
  if (!isRecord(properties) || Object.hasOwn(properties, 'name')) return args;
  const carriers = Object.keys(args).filter((key) => argumentKeys.has(key));
  const inner = carriers.length === 1 ? args[carriers[0] as string] : undefined;
  if (!isRecord(inner)) return args;
  const rest = Object.entries(args).filter(([key]) => key !== 'name' && key !== carriers[0]);
  if (!rest.every(([key, value]) => framing(key, value))) return args;
  return Object.keys(inner).every((key) => Object.hasOwn(properties, key)) ? inner : args;
}
