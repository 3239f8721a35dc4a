/**
 * A JSON call whose arguments sit beside its name instead of inside an arguments object:
 * `{"tool_name": "calculator", "expression": "2 + 3"}` (Gemma's tool manager asks for this shape),
 * also with `name`, `tool`, `function` or `action` naming the tool (chatbox's search planner asks for
 * `{"action": "search", "query": ".."}`) or a key of the prompt's own choosing (`tool-naming-key.ts`),
 * alone or in a list of such objects. The model's thoughts beside them (`turn-thoughts.ts`:
 * `{"scratchpad": "..", "tool": "notes", "query": ".."}`) are kept as thoughts, never arguments. The other shapes, with `arguments`,
 * `parameters`, `args` or `input`, are `json-call-shapes.ts` and `llama3.ts`.
 *
 * Such an object is never an answer that happens to look like JSON when it names an offered tool
 * (or, with `tool_name`, any tool): it is read, or corrected, never answered. It is read only when
 * it is the whole reply, every key beside the name is a parameter the tool declares (no key is
 * guessed into an argument), and it holds at least one (a key the tool declares is an argument even
 * where calls elsewhere carry it as metadata, android_world's `{"action_type": "click", "index": 4}`);
 * an `Action:` label may introduce it, as the step of a reasoning-then-action turn (`Reason: ..` then
 * `Action: {"action_type": ..}`, as android_world's M3A agents write it), the text before the label
 * its thought: `{"name": "get_weather"}` alone gives no
 * arguments, and `{}` would be a guess. Anything else (the object amid prose, a key the tool does not
 * declare) is a correction that names the shape to write.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { argumentKeyOf, callMetadataKeys } from './call-object.ts';
import { toolNamingKey } from './tool-naming-key.ts';
import { declaredBy, isTurnThought, thoughtTexts } from './turn-thoughts.ts';

/** Keys that name the tool, in the order they are looked up. */
const nameKeys = ['tool_name', 'name', 'tool', 'function', 'action'] as const;
/**
 * Keys that make the object another shape (an arguments object, an agent action with its input). An
 * `action` beside another name key is a reins decision (`{"action": "call_tool", "tool": ..}`): no flat call.
 */
const otherShapeKeys = ['arguments', 'parameters', 'args', 'input', 'params', 'action_input', 'tool_input', 'function_call', 'tool_calls'];

/** The dialect these readings carry (a flat call amid other text is checked against the accepted reading, `uncovered-call.ts`). */
export const flatCallDialect = 'flat-call';

interface FlatCall {
  name: string;
  nameKey: string;
  args: Record<string, unknown>;
  thoughts: string[];
}

function declaredProperties(tool: ToolSpec): readonly string[] {
  const properties = tool.inputSchema?.properties;
  return isRecord(properties) ? Object.keys(properties) : [];
}

/** The flat call `value` writes, or undefined when it is no flat call of an offered tool (nor, with `tool_name`, of any tool). */
function flatCallOf(value: unknown, tools: readonly ToolSpec[]): FlatCall | undefined {
  if (!isRecord(value) || otherShapeKeys.some((key) => key in value) || argumentKeyOf(value) !== undefined) return undefined;
  const nameKey = nameKeys.find((key) => typeof value[key] === 'string') ?? toolNamingKey(value, tools);
  if (nameKey === undefined || ('action' in value && nameKey !== 'action')) return undefined;
  const name = (value[nameKey] as string).trim();
  if (nameKey !== 'tool_name' && !tools.some((tool) => tool.name === name)) return undefined;
  // A tool definition (`{"name", "description", "parameters"}` is excluded above) echoed without its schema.
  if (nameKey === 'name' && typeof value.description === 'string' && Object.keys(value).length === 2) return undefined;
  const args: Record<string, unknown> = {};
  const thoughts: string[] = [];
  const declared = declaredBy(name, tools);
  for (const [key, item] of Object.entries(value)) {
    if (isTurnThought(value, key, declared)) thoughts.push(...(thoughtTexts(item) ?? []));
    // A key the tool declares is its argument even where calls elsewhere carry it as metadata (`index`, `type`).
    else if (key !== nameKey && (!callMetadataKeys.has(key) || declared.has(key))) Object.defineProperty(args, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  // `action` also names the step in agent formats that carry more (`{"thought", "action", "actionInput"}`):
  // it names a flat call only where every other key is a parameter the tool declares.
  if (nameKey === 'action') {
    const tool = tools.find((candidate) => candidate.name === name);
    const declared = tool ? declaredProperties(tool) : [];
    const keys = Object.keys(args);
    if (keys.length === 0 || keys.some((key) => !declared.includes(key))) return undefined;
  }
  return { name, nameKey, args, thoughts: thoughts.filter((text) => text !== '') };
}

/**
 * The flat calls `value` writes: one object, or a list holding them (`[{"name": "get_weather"}]`;
 * `mixed` where the list also holds other values); undefined when it holds none.
 */
function flatCallsOf(value: unknown, tools: readonly ToolSpec[]): { calls: FlatCall[]; mixed: boolean } | undefined {
  const items = Array.isArray(value) ? value : [value];
  const calls = items.map((item) => flatCallOf(item, tools)).filter((call) => call !== undefined);
  return calls.length > 0 ? { calls, mixed: calls.length < items.length } : undefined;
}

/** An `Action:` label opening the line right before the object, and what stands before the label. */
const actionLabel = /(?:^|\n)[ \t]*(?:[*_]{1,2})?action(?:[*_]{1,2})?[ \t]*:(?:[*_]{1,2})?[ \t]*(?:\r?\n[ \t]*)?$/i;

/**
 * The text before an object that an `Action:` label introduces, trimmed (its thought, `Reason: ..` as
 * android_world's agents write it), or undefined when no such label stands right before the object.
 */
function actionLabelled(before: string): string | undefined {
  const label = actionLabel.exec(before);
  return label ? before.slice(0, label.index).trim() : undefined;
}

/** Why `call` may not run as read, or undefined when it may. */
function problemOf(call: FlatCall, tool: ToolSpec | undefined, whole: boolean): string | undefined {
  const name = sanitizeName(call.name);
  const shape = `write {"name": "${name}", "arguments": {..}}`;
  if (!whole) return `the reply holds a call of \`${name}\` amid other text: ${shape} alone, or answer without it`;
  const keys = Object.keys(call.args);
  if (keys.length === 0) return `the call of \`${name}\` gives no arguments: ${shape} (an empty object when the tool takes none)`;
  if (!tool) return undefined; // an unknown tool: validation names the tools on offer
  const declared = declaredProperties(tool);
  const stray = keys.filter((key) => !declared.includes(key));
  if (stray.length === 0) return undefined;
  const listed = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
  return `the call of \`${name}\` holds ${listed} beside its name, which \`${name}\` does not declare: ${shape}`;
}

/**
 * Every flat call in `text` as a call candidate, wherever it stands: what a reading of another dialect
 * must hold for none of them to be dropped (`uncovered-call.ts`).
 */
export function flatCallItems(text: string, tools: readonly ToolSpec[]): unknown[] {
  const items: unknown[] = [];
  for (const span of findJsonSpans(text)) {
    const json = readJson(span.text);
    const found = json.ok ? flatCallsOf(json.value, tools) : undefined;
    for (const call of found?.calls ?? []) items.push(callItem(call.name, call.args, tools));
  }
  return items;
}

export const flatCallObjectReader: DialectReader = {
  dialect: flatCallDialect,
  needs: '{', // the call is a JSON object
  read(text, { tools }): Reading | undefined {
    for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
      const json = readJson(span.text);
      const found = json.ok ? flatCallsOf(json.value, tools) : undefined;
      if (!found) continue;
      const { calls, mixed } = found;
      // A list holding a call beside other values is no list of calls: the call stands amid other text.
      const before = text.slice(0, span.start);
      const labelled = actionLabelled(before);
      const whole = !mixed && span.complete && (before.trim() === '' || labelled !== undefined) && text.slice(span.end).trim() === '';
      for (const call of calls) {
        const problem = problemOf(call, tools.find((candidate) => candidate.name === call.name), whole);
        // Amid other text the object may be a value of another dialect's call (a parameter holding JSON):
        // the failure then stands only when no reader accounts for the reply.
        if (problem) return { ...failedReading(flatCallDialect, { kind: whole ? 'invalid-args' : 'no-decision', message: problem, toolName: sanitizeName(call.name) }), conclusive: whole };
      }
      const reason = labelled ? [{ type: 'PLAN' as const, content: labelled }] : [];
      const thoughts = [...reason, ...calls.flatMap((call) => call.thoughts.map((content) => ({ type: 'PLAN' as const, content })))];
      return { dialect: flatCallDialect, items: calls.map((call) => callItem(call.name, call.args, tools)), thoughts, repaired: json.ok && json.repaired };
    }
    return undefined;
  },
};
