/**
 * Models sometimes wrap a call's whole arguments in one more object (`{"parameters": {"city": "Oslo"}}`,
 * `<parameter name="arguments">{..}</parameter>`); the families' own servers (vLLM's DeepSeek V3.2/V4,
 * MiniCPM and DeepSeek parsers) unwrap it. The wrapper is read as one only where it is the lone key,
 * holds an object, and the tool does not declare that name: a tool that takes `parameters` gets it.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';

/** Names under which models wrap a whole arguments object. */
const wrapperNames = new Set(['arguments', 'input', 'parameters', 'properties']);

/** True when `key`, as the only argument, would be a wrapper: a known wrapper name `tool` does not declare. */
export function isWrapperKey(key: string, tool: ToolSpec | undefined): boolean {
  if (!wrapperNames.has(key)) return false;
  const properties = tool?.inputSchema.properties;
  return !(isRecord(properties) && Object.hasOwn(properties, key));
}

/** True when `args` has one key and it is a wrapper name, whatever the tool declares (the cheap first look). */
export function mayBeWrapped(args: unknown): boolean {
  if (!isRecord(args)) return false;
  const keys = Object.keys(args);
  return keys.length === 1 && wrapperNames.has(keys[0] ?? '');
}

/** The object inside `args` when `args` is such a wrapper (see above); else `args` as it is. */
export function wrappedArguments(args: unknown, tool: ToolSpec | undefined): unknown {
  if (!isRecord(args)) return args;
  const keys = Object.keys(args);
  const [only] = keys;
  if (keys.length !== 1 || only === undefined || !isWrapperKey(only, tool)) return args;
  const inner = args[only];
  return isRecord(inner) ? inner : args;
}

/**
 * The wrapper's content (see above) where the tool declares properties and every key of the content
 * among them; else `args` as it is. This stricter form holds for every dialect (`callItem`): the
 * wrapper name is undeclared and each inner key is one the tool takes, so the reading is not a guess,
 * while a wrapper around keys the tool does not take stays as written for validation to judge.
 */
export function declaredWrappedArguments(args: unknown, tool: ToolSpec | undefined): unknown {
  const properties = tool?.inputSchema.properties;
  if (!isRecord(properties)) return args;
  const inner = wrappedArguments(args, tool);
  if (inner === args || !isRecord(inner)) return args;
  const keys = Object.keys(inner);
  return keys.length > 0 && keys.every((key) => Object.hasOwn(properties, key)) ? inner : args;
}
