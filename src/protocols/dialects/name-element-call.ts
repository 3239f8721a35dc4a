/**
 * A call written as an element that holds a `<name>` element, then one element per argument:
 *
 *   <use_tool>
 *     <name>get_weather</name>
 *     <city>Oslo</city>
 *   </use_tool>
 *
 * (ai-agent-toolbox's XML tool format, whose wrapper tag each application picks). The wrapper's name
 * varies, so it is not what makes this a call: its first child is a `<name>` element holding an offered
 * tool's name, and every other child is an element named for one of that tool's declared parameters
 * (at least one: a wrapper around a name alone names a tool, as an echoed definition does, and one
 * holding a description or a schema is that definition). Values are read as tool-name tags read theirs
 * (`tag-elements.ts`: typed by the schema, an untyped value kept as its text). The wrapper must close,
 * and at exactly one of its closing tags, and no value may hold another `<name>` naming an offered tool:
 * a call nested in an argument (`<arg>a <use_tool><name>..</name>..</use_tool> b</arg>`) is a value
 * holding markup or a second call, two readings, left to the call-attempt check
 * (`tool-mention-attempt.ts`), which corrects it, as it does a wrapper never closed. Continue's
 * wrappers (`tool_call`, `tool_use`, `tool`) are its reader's (`continue-xml.ts`); a call shown as code
 * is talk about a call (`mask-code.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { maskCode } from './mask-code.ts';
import { type ChildElement, childElements, elementArguments } from './tag-elements.ts';
import type { ToolArgs } from './tool-input.ts';

const dialect = 'name-element-call';
const opening = /<([A-Za-z_][\w.-]*)>\s*<name>\s*([^<>\s]+)\s*<\/name>/g;
const continueWrappers = new Set(['tool_call', 'tool_use', 'tool']);

/** The tool's declared parameter names. */
function parameters(tool: ToolSpec): Set<string> {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  return new Set(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []);
}

const nameElement = /<name>\s*([^<>\s]+)\s*<\/name>/g;

/** True when `value` holds a `<name>` element naming an offered tool (a call nested in a value). */
function namesTool(value: string, tools: readonly ToolSpec[]): boolean {
  return [...value.matchAll(nameElement)].some((match) => tools.some((tool) => tool.name === match[1]));
}

/** The body's argument elements, when it is nothing but one or more elements named for `tool`'s parameters. */
function argumentChildren(body: string, tool: ToolSpec, tools: readonly ToolSpec[]): ChildElement[] | undefined {
  const elements = childElements(body);
  const declared = parameters(tool);
  if (!elements.whole || elements.children.length === 0) return undefined;
  return elements.children.every((child) => declared.has(child.key) && !namesTool(child.raw, tools)) ? elements.children : undefined;
}

export const nameElementCallReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<name>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let from = 0;
    // Openings are found outside code; values are cut from the text as written (same indices).
    for (const match of maskCode(text).matchAll(opening)) {
      const wrapper = match[1] ?? '';
      const tool = tools.find((candidate) => candidate.name === match[2]);
      if (match.index < from || continueWrappers.has(wrapper) || !tool) continue;
      const close = `</${wrapper}>`;
      const bodyStart = match.index + match[0].length;
      const readings: Array<{ args: ToolArgs; end: number }> = [];
      for (let at = text.indexOf(close, bodyStart); at >= 0; at = text.indexOf(close, at + 1)) {
        const children = argumentChildren(text.slice(bodyStart, at), tool, tools);
        if (children) readings.push({ args: elementArguments(children, tool), end: at + close.length });
      }
      // Never closed, not a call's body, or two readings: the call-attempt check corrects it.
      const reading = readings.length === 1 ? readings[0] : undefined;
      if (!reading) return undefined;
      if (!reading.args.ok) return { dialect, items: [], thoughts: [], repaired: false, failure: reading.args.failure };
      items.push(callItem(tool.name, reading.args.args, tools));
      spans.push([match.index, reading.end]);
      from = reading.end;
    }
    return items.length ? { dialect, items, thoughts: [], repaired: false, spans } : undefined;
  },
};
