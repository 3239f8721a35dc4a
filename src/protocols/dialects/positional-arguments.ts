/**
 * Positional values of a Python-style call bound to names the way Python binds them to a
 * signature: the n-th value to the n-th parameter the tool declares (`click(223)` for a tool whose
 * schema declares `elementId` first reads `{elementId: 223}`; `setValue(93, "Tao Yu")` binds
 * `elementId` then `value`). The schema's `properties`, in the order the caller wrote them, are the
 * tool's signature, as they are for `line`'s positional params and as GUI agents (AppAgent, OpenAgents'
 * web bot) and planners (LLMCompiler) map their actions. Nothing is guessed: a call is left unread
 * (the call-attempt check corrects it) when it holds more values than the tool declares parameters,
 * when a keyword names a parameter a value already took (Python's "multiple values" error), when
 * the tool declares none, when its schema lists an optional parameter before a required one (no
 * signature reads so), or when a value is a dict: `name({"k": 1})` is the arguments object written
 * after the tool's name (`name-then-json.ts`, node-llama-cpp's `||call: name({..})`), never one
 * parameter's value by position.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import { type PythonCall, setOwn } from './python-literal.ts';

/**
 * True when the declared parameters read as a Python signature: every required one before every
 * optional one. A schema that lists an optional parameter first (`{limit?, query}`) has no such
 * signature, and binding `search("x")` to `limit` would be a guess: those calls stay unread.
 */
function isSignatureOrder(tool: ToolSpec | undefined, names: readonly string[]): boolean {
  const required = tool?.inputSchema.required;
  const isRequired = (name: string): boolean => Array.isArray(required) && required.includes(name);
  const firstOptional = names.findIndex((name) => !isRequired(name));
  return firstOptional < 0 || names.slice(firstOptional).every((name) => !isRequired(name));
}

/** The call with its positional values bound to the tool's declared parameters; undefined where Python would refuse them. */
export function bindPositional(call: PythonCall, tool: ToolSpec | undefined): PythonCall | undefined {
  const values = call.positional ?? [];
  if (values.length === 0) return { name: call.name, args: call.args };
  const properties = isRecord(tool?.inputSchema) ? tool.inputSchema.properties : undefined;
  const names = isRecord(properties) ? Object.keys(properties) : [];
  if (values.length > names.length || values.some(isRecord) || !isSignatureOrder(tool, names)) return undefined;
  const args: Record<string, unknown> = {};
  for (const [index, value] of values.entries()) setOwn(args, names[index] ?? '', value);
  for (const [key, value] of Object.entries(call.args)) {
    if (Object.hasOwn(args, key)) return undefined;
    setOwn(args, key, value);
  }
  return { name: call.name, args };
}
