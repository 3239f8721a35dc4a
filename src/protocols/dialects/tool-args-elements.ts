/**
 * A call written as an element named for a call that holds an element naming the tool, then the
 * arguments inside one arguments element, one child element per argument, the calls often gathered
 * in a plural wrapper:
 *
 *   <function_calls>
 *     <function_call>
 *       <tool>get_weather</tool>
 *       <args><city>Oslo</city><days>3</days></args>
 *     </function_call>
 *   </function_calls>
 *
 * (the format proxies that give models without native tools function calling prompt for: Toolify and
 * the services built on it). The call element is named for a call (`isCallElementName`: `function_call`,
 * `tool_call`, `invoke`, `use_tool`), its first child names an offered tool (`<tool>`, `<name>`,
 * `<tool_name>`, `<function_name>`), and after it comes nothing (a call with no arguments) or exactly one
 * arguments element (`<args>`, `<arguments>`, `<parameters>`, `<params>`, `<input>`) holding nothing
 * or only elements, each named for a parameter the tool declares. Values are typed by the schema; a value
 * whose property declares no type is read as these proxies read it, JSON where it spells a JSON value
 * (`10`, `["a", "b"]`), else its text, through the guard every JSON value gets (`tag-elements.ts`).
 * Anything else in the call (prose, an undeclared key, a second arguments element, a call never
 * closed) is not read here and is left to the call-attempt check, which corrects it. A plural wrapper
 * (`<function_calls>`, `<tool_calls>`) holding only calls read is framing, part of their spans.
 * Elements quoted as code are talk about a call (`maskCode`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { isCallElementName } from './call-named-element.ts';
import { maskCode } from './mask-code.ts';
import { type ChildElement, childElements, elementArguments } from './tag-elements.ts';
import type { ToolArgs } from './tool-input.ts';

const dialect = 'tool-args-elements';
/** A call element's opening, then its name element: group 1 the call element, 2 the name element, 3 the tool's name. */
const opening = /<([A-Za-z_][\w.-]*)>\s*<(tool|name|tool_name|function_name)>\s*([^<>\s]+)\s*<\/\2>/g;
/** The one arguments element after the name: group 1 its name, 2 what it holds. */
const argumentsElement = /^\s*<(args|arguments|parameters|params|input)>([\s\S]*)<\/\1>\s*$/;

/** The tool's declared parameter names. */
function parameters(tool: ToolSpec): Set<string> {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  return new Set(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []);
}

/** The argument elements of the rest of a call's body (after its name element), or undefined when it is not only those. */
function argumentChildren(rest: string, tool: ToolSpec): ChildElement[] | undefined {
  if (rest.trim() === '') return [];
  const element = argumentsElement.exec(rest);
  const inner = element?.[2];
  // A second arguments element (`<args>..</args><args>..</args>`) is two readings of the call: not read here.
  if (inner === undefined || inner.includes(`<${element?.[1] ?? ''}>`) || inner.includes(`</${element?.[1] ?? ''}>`)) return undefined;
  if (inner.trim() === '') return [];
  const elements = childElements(inner);
  const declared = parameters(tool);
  if (!elements.whole || elements.children.length === 0) return undefined;
  return elements.children.every((child) => declared.has(child.key)) ? elements.children : undefined;
}

/**
 * Where the calls starting at `start` begin with their label: a call element's opening tag right before
 * them that is never closed after it (`<tool_call>` written as the signal that calls follow, as these
 * proxies prompt for) is part of them, not a call of its own; `start` when there is none.
 */
function labelledFrom(text: string, start: number): number {
  const label = /<([A-Za-z_][\w.-]*)>\s*$/.exec(text.slice(0, start));
  const name = label?.[1];
  if (!label || name === undefined || !isCallElementName(name) || text.includes(`</${name}>`, start)) return start;
  return label.index;
}

/** `spans` with a plural call wrapper that holds only calls read (and space) made part of them. */
function withWrappers(text: string, spans: Array<readonly [number, number]>): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  for (let first = 0; first < spans.length; ) {
    let last = first;
    while (last + 1 < spans.length && text.slice((spans[last] as readonly [number, number])[1], (spans[last + 1] as readonly [number, number])[0]).trim() === '') last++;
    const start = (spans[first] as readonly [number, number])[0];
    const end = (spans[last] as readonly [number, number])[1];
    const open = /<([A-Za-z_][\w.-]*)>\s*$/.exec(text.slice(0, start));
    const name = open?.[1];
    const close = name === undefined ? undefined : new RegExp(`^\\s*</${name}>`).exec(text.slice(end));
    const wraps = open && close && name !== undefined && /s$/.test(name) && isCallElementName(name);
    const blockStart = wraps ? open.index : start;
    for (let at = first; at <= last; at++) {
      const span = spans[at] as readonly [number, number];
      out.push([at === first ? labelledFrom(text, blockStart) : span[0], at === last && wraps ? end + (close as RegExpExecArray)[0].length : span[1]]);
    }
    first = last + 1;
  }
  return out;
}

export const toolArgsElementsReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('</tool>') && !text.includes('</name>') && !text.includes('_name>')) return undefined;
    const calls: Array<{ name: string; args: unknown }> = [];
    const spans: Array<readonly [number, number]> = [];
    let from = 0;
    // Openings are found outside code; values are cut from the text as written (same indices).
    for (const match of maskCode(text).matchAll(opening)) {
      const wrapper = match[1] ?? '';
      const tool = tools.find((candidate) => candidate.name === match[3]);
      if (match.index < from || !tool || !isCallElementName(wrapper)) continue;
      const close = `</${wrapper}>`;
      const restStart = match.index + match[0].length;
      const readings: Array<{ args: ToolArgs; end: number }> = [];
      for (let at = text.indexOf(close, restStart); at >= 0; at = text.indexOf(close, at + 1)) {
        const children = argumentChildren(text.slice(restStart, at), tool);
        if (children) readings.push({ args: elementArguments(children, tool, false), end: at + close.length });
      }
      // Never closed, not a call's body, or two readings: the call-attempt check corrects it.
      const reading = readings.length === 1 ? readings[0] : undefined;
      if (!reading) return undefined;
      if (!reading.args.ok) return { dialect, items: [], thoughts: [], repaired: false, failure: reading.args.failure };
      calls.push({ name: tool.name, args: reading.args.args });
      spans.push([match.index, reading.end]);
      from = reading.end;
    }
    if (calls.length === 0) return undefined;
    const framed = withWrappers(text, spans);
    // The prose before the calls (and their framing) is their reason.
    const reason = text.slice(0, framed[0]?.[0]).trim();
    return { dialect, items: calls.map((call) => callItem(call.name, call.args, tools, reason)), thoughts: [], repaired: false, spans: framed };
  },
};
