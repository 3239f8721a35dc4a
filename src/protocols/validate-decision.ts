/**
 * Strict acceptance (DESIGN §4): a candidate becomes a `Decision` only if it matches seed 000's schema
 * for its action (additionalProperties false), names a tool that exists, and its args validate against
 * that tool's input schema. Every message is short and sanitized.
 */
import {
  ANSWER_USER_SCHEMA,
  ASK_USER_SCHEMA,
  CALL_TOOL_SCHEMA,
  type Decision,
  type DecisionAction,
  type JsonSchema,
  type ToolSpec,
} from '../spec/decision.ts';
import { compileSchema, describeErrors, validateAgainstSchema } from '../tools/schema-validator.ts';
import { isRecord, readJson } from './extract/read-json.ts';
import { undeclaredPrototypeKey } from './prototype-keys.ts';
import { undeclaredNamelessKey } from './nameless-keys.ts';
import { respelledArgs } from './respelled-keys.ts';
import { decodedArgs } from './encoded-values.ts';
import { unpaddedArgs } from './padded-keys.ts';
import type { ReadFailure } from './reading.ts';
import { sanitizeName } from './sanitize.ts';

/** `respelled`: an argument name was read in the tool's own case style or without space around it (`respelledArgs`, `unpaddedArgs`), or a list or an object from its JSON text (`decodedArgs`). */
export type DecisionValidation = { ok: true; decision: Decision; respelled?: true } | { ok: false; failure: ReadFailure };

const schemas: Record<DecisionAction, JsonSchema> = {
  call_tool: CALL_TOOL_SCHEMA,
  ask_user: ASK_USER_SCHEMA,
  answer_user: ANSWER_USER_SCHEMA,
};
const actions = Object.keys(schemas) as DecisionAction[];

function describeKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** The list of tool names for messages (sanitized, capped). */
export function availableList(tools: readonly ToolSpec[]): string {
  // The caller's names, as the prompt's tool list shows them: the model must write exactly these.
  const names = tools.slice(0, 30).map((tool) => tool.name);
  const more = tools.length > 30 ? `, … (${tools.length - 30} more)` : '';
  return names.length ? names.join(', ') + more : '(none)';
}

/**
 * `toolbox: false`: a call run by a caller's handler (envelope `script`, ...), not by the toolbox:
 * its shape is checked, not its tool name or args.
 */
export function validateDecision(candidate: unknown, tools: readonly ToolSpec[], options: { toolbox?: boolean } = {}): DecisionValidation {
  if (!isRecord(candidate)) {
    return { ok: false, failure: { kind: 'schema', message: `expected one JSON object, got ${describeKind(candidate)}` } };
  }
  const action = candidate.action;
  if (typeof action !== 'string' || !actions.includes(action as DecisionAction)) {
    const named = typeof action === 'string' && tools.some((tool) => tool.name === action);
    const hint = named ? ` (\`${sanitizeName(action)}\` is a tool: use "action": "call_tool", "tool": "${sanitizeName(action)}")` : '';
    return { ok: false, failure: { kind: 'schema', message: `\`action\` must be one of ${actions.join(', ')}${hint}` } };
  }
  const shape = validateAgainstSchema(schemas[action as DecisionAction], candidate);
  if (!shape.ok) {
    // Arguments written as a JSON string that the guard refuses (a key twice, a cut-off value): say why.
    const written = action === 'call_tool' && typeof candidate.args === 'string' ? readJson(candidate.args) : undefined;
    const details = written && !written.ok ? [`args: ${written.message}`, ...shape.details] : shape.details;
    return { ok: false, failure: { kind: 'schema', message: `invalid ${action} decision`, details } };
  }
  if (action !== 'call_tool' || options.toolbox === false) return { ok: true, decision: candidate as unknown as Decision };
  const written = candidate as { tool: string; args: unknown };
  // Space around an argument name is never part of it (`padded-keys.ts`): read before validation.
  const tool = toolNamed(tools, written.tool);
  const unpadded = tool && unpaddedArgs(tool, written.args);
  const call = unpadded ? { ...written, args: unpadded } : written;
  const failure = checkToolCall(call, tools);
  if (!failure) return unpadded ? { ok: true, decision: call as unknown as Decision, respelled: true } : { ok: true, decision: call as unknown as Decision };
  const respelled = tool && failure.kind === 'invalid-args' ? respelledArgs(tool, call.args) : undefined;
  if (respelled && checkToolCall({ tool: call.tool, args: respelled }, tools) === undefined) {
    return { ok: true, decision: { ...call, args: respelled } as unknown as Decision, respelled: true };
  }
  // A list or an object written as its JSON text in a string, where no string fits (`encoded-values.ts`).
  const decoded = tool && failure.kind === 'invalid-args' ? decodedArgs(tool, respelled ?? call.args) : undefined;
  if (decoded && checkToolCall({ tool: call.tool, args: decoded }, tools) === undefined) {
    return { ok: true, decision: { ...call, args: decoded } as unknown as Decision, respelled: true };
  }
  return { ok: false, failure };
}

/**
 * Undefined when the tool exists and the args validate against its input schema. The args are those
 * of a decision `validateAgainstSchema` passed (or a renamed copy holding the same values), whose
 * values are known to be finite and nested within the limit (`findValueProblem`, one level deeper
 * there): only the tool's schema is left to check.
 */
function checkToolCall(call: { tool: string; args: unknown }, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const tool = toolNamed(tools, call.tool);
  if (!tool) {
    const name = sanitizeName(call.tool);
    // A name that only differs by characters the correction cannot show would read "unknown tool `x`, available: x".
    if (toolNamed(tools, name)) return { kind: 'unknown-tool', message: `the tool name ${JSON.stringify(String(call.tool).slice(0, 80))} is not written exactly: write \`${name}\``, toolName: name };
    return { kind: 'unknown-tool', message: `unknown tool \`${name}\`, available: ${availableList(tools)}`, toolName: name };
  }
  // The caller's own name for an offered tool is shown as it is (`ns:lookup`, not `nslookup`): the model must write exactly it.
  const name = tool.name;
  const prototypeKey = undeclaredPrototypeKey(tool, call.args);
  if (prototypeKey !== undefined) {
    return { kind: 'invalid-args', message: `the args of \`${name}\` hold the key \`${prototypeKey}\`, which this tool does not take: leave it out`, toolName: name };
  }
  if (undeclaredNamelessKey(tool, call.args) !== undefined) {
    const name = sanitizeName(call.tool);
    return { kind: 'invalid-args', message: `the args of \`${name}\` hold a value under an empty name: give every argument its name`, toolName: name };
  }
  const validate = compileSchema(tool.inputSchema);
  if (validate(call.args)) return undefined;
  return { kind: 'invalid-args', message: `invalid args for tool \`${name}\``, details: describeErrors(validate.errors ?? []), toolName: name };
}

/** The first tool named `name`. */
function toolNamed(tools: readonly ToolSpec[], name: string): ToolSpec | undefined {
  for (const tool of tools) if (tool.name === name) return tool;
  return undefined;
}
