/**
 * A flat JSON call inside an application's own call element: the tool's name under a name key and the
 * arguments beside it, the element named by the application (`<codebuff_tool_call>{"cb_tool_name":
 * "read_files", "paths": ["a.ts"]}</codebuff_tool_call>`, as Codebuff prompts for it). The element says a
 * whole call stands inside, so unlike a flat object in prose (`flat-call-object.ts`) it is read amid
 * other text, each such element of the reply in order.
 *
 * The name key is `tool_name`, `name` or `tool`, or `tool_name` under the application's own prefix
 * (`cb_tool_name`). Keys under that same prefix are the application's framing of the call (Codebuff's
 * `cb_easp`, "this call ends the step"), never arguments, unless the tool declares them. Every other key
 * is an argument the tool must declare: one it does not declare is a correction naming it, never
 * dropped. A name alone is a call only of a tool that takes no arguments (anything else would guess
 * `{}`). An element whose body is JSON that does not read, or that names no tool, is a correction for
 * the whole reply: a call the model wrote is never skipped. Bodies with an arguments object are the
 * other JSON readers' (`llama3.ts`, `json-call-shapes.ts`); elements inside code are examples, not calls.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callArgumentKeys, callMetadataKeys } from './call-object.ts';

export const wrappedFlatCallDialect = 'wrapped-flat-call';

/** `<codebuff_tool_call>`, `<app_function_call>`, `<my_tool_use>`: a call element under an application's prefix. */
const elementOpen = /<(?<tag>[A-Za-z][\w.-]*_(?:tool_call|function_call|tool_use))>/g;
/** `tool_name` under an application's prefix (group `prefix`, with its underscore). */
const prefixedNameKey = /^(?<prefix>[A-Za-z][A-Za-z0-9]*_)tool_name$/;
const plainNameKeys = ['tool_name', 'name', 'tool'] as const;
/** Keys that make the object another call shape, read by the other JSON readers. */
const otherShapeKeys: readonly string[] = [...callArgumentKeys, 'function', 'function_call', 'tool_calls', 'action', 'action_input'];

interface Element {
  tag: string;
  start: number;
  end: number;
  body: string;
}

function elementsOf(text: string): Element[] {
  const code = codeRanges(text);
  const elements: Element[] = [];
  elementOpen.lastIndex = 0;
  for (let open = elementOpen.exec(text); open; open = elementOpen.exec(text)) {
    const tag = open.groups?.tag ?? '';
    const bodyStart = open.index + open[0].length;
    const close = text.indexOf(`</${tag}>`, bodyStart);
    // An element never closed is a cut-off call: the call-attempt check corrects it.
    if (close < 0) break;
    if (!isInCode(code, open.index)) elements.push({ tag, start: open.index, end: close + tag.length + 3, body: text.slice(bodyStart, close).trim() });
    elementOpen.lastIndex = close + tag.length + 3;
  }
  return elements;
}

function declaredProperties(tool: ToolSpec | undefined): readonly string[] | undefined {
  const properties = tool?.inputSchema?.properties;
  return isRecord(properties) ? Object.keys(properties) : undefined;
}

/** The name key `value` uses and the prefix of the application's framing keys, or undefined when it names no tool. */
function nameKeyOf(value: Record<string, unknown>): { key: string; prefix?: string } | undefined {
  for (const key of Object.keys(value)) {
    const prefix = prefixedNameKey.exec(key)?.groups?.prefix;
    if (prefix !== undefined && typeof value[key] === 'string') return { key, prefix };
  }
  const key = plainNameKeys.find((candidate) => typeof value[candidate] === 'string');
  return key === undefined ? undefined : { key };
}

/** The call item `element` writes, a failure naming what to fix, or undefined when its body is another shape. */
function readElement(element: Element, tools: readonly ToolSpec[]): { item: unknown; repaired: boolean } | ReadFailure | undefined {
  if (!element.body.startsWith('{')) return undefined;
  const json = readJson(element.body);
  const tag = sanitizeName(element.tag);
  if (!json.ok) return { kind: 'invalid-json', message: `the <${tag}> element does not hold readable JSON (${json.message}): write one JSON object naming the tool` };
  const value = json.value;
  if (!isRecord(value) || otherShapeKeys.some((key) => key in value)) return undefined;
  const nameKey = nameKeyOf(value);
  if (!nameKey) return { kind: 'no-decision', message: `the <${tag}> element names no tool: write its name under "tool_name" beside the arguments` };
  const name = (value[nameKey.key] as string).trim();
  const tool = tools.find((candidate) => candidate.name === name);
  const declared = declaredProperties(tool);
  const args: Record<string, unknown> = {};
  const stray: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key === nameKey.key || callMetadataKeys.has(key)) continue;
    const isDeclared = declared?.includes(key) ?? true;
    if (!isDeclared && nameKey.prefix !== undefined && key.startsWith(nameKey.prefix)) continue;
    if (!isDeclared) stray.push(key);
    Object.defineProperty(args, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  const toolName = sanitizeName(name);
  if (stray.length > 0) {
    const listed = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
    return { kind: 'invalid-args', message: `the call of \`${toolName}\` holds ${listed}, which \`${toolName}\` does not declare`, toolName };
  }
  if (Object.keys(args).length === 0 && tool && (declared ?? []).length > 0) {
    return { kind: 'invalid-args', message: `the call of \`${toolName}\` gives no arguments: write them beside its name`, toolName };
  }
  return { item: callItem(name, args, tools), repaired: json.repaired };
}

export const wrappedFlatCallReader: DialectReader = {
  dialect: wrappedFlatCallDialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('_tool_call>') && !text.includes('_function_call>') && !text.includes('_tool_use>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (const element of elementsOf(text)) {
      const read = readElement(element, tools);
      if (read === undefined) return undefined;
      // The element says a call stands there: its failure is the reply's, whatever else reads.
      if (!('item' in read)) return { ...failedReading(wrappedFlatCallDialect, read), conclusive: true };
      items.push(read.item);
      repaired ||= read.repaired;
      spans.push([element.start, element.end]);
    }
    return items.length > 0 ? { dialect: wrappedFlatCallDialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
