/**
 * A call written as an element named for a call whose `name` attribute names an offered tool, its
 * arguments as child elements, one per argument (codecompanion's `<tools><tool name="cmd_runner">
 * <command>ls</command></tool></tools>`; `<use_tool name=..>`, `<call name=..>`):
 *
 *   <tool name="get_weather"><city>Oslo</city></tool>     get_weather({city: "Oslo"})
 *   <tool name="list_files"></tool>                   list_files({})
 *
 *   <tool_call name="get_weather">{"city": "Oslo"}</tool_call>   get_weather({city: "Oslo"})
 *
 * The children are read as a tool-name tag's are (`tag-elements.ts`), and so are `<parameter name=..>`
 * elements that make up the whole body (`namedParameters`); a child holding elements
 * whose property declares no type is not read (text or an object: a guess). A body that is one JSON
 * object is the arguments it names (the `<tool name=..>` / `<tool_call name=..>` fallbacks chat apps
 * prompt for), read with the guard every JSON value gets; a key the tool does not declare (or, for a
 * tool that declares none, a call object's own `name` beside its arguments) leaves it unread, since
 * running it would pass the framing as arguments. Only a body that is elements and nothing else, one
 * JSON object, or empty, is read: bare text names no argument (which one it fills would be a
 * guess), and text beside the elements would be dropped, so both are left to the call-attempt check,
 * which corrects them. The tool is named by a `name` (or `tool`) attribute. `<invoke name=..>` and
 * `<function name=..>` are their dialects' own (`xml-calls.ts`). Elements in code are examples, never read.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { propertySchema } from '../../tools/collect-parameters.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import { maskCode } from './mask-code.ts';
import { type ChildElement, childElements, elementArguments } from './tag-elements.ts';
import { jsonArguments } from './xml-parameters.ts';
import { argumentKeyOf } from './call-object.ts';
import { isRecord } from '../extract/read-json.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'named-call-element';
/**
 * Group 1: the call tag; 2 or 3: the name. A self-closing one (`<use_tool name="x"/>`) is left to the
 * call-attempt check, which corrects it: only a closed element shows its body was written whole.
 */
const opening = /<(tool|use_tool|call_tool|call|tool_use|tool_call|function_call)\s+(?:name|tool)\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')\s*>/g;

/** The arguments of the call whose body is `body`, undefined when the body is not elements alone. */
function bodyArguments(body: string, tool: ToolSpec): ReturnType<typeof elementArguments> | undefined {
  if (body.trim() === '') return { ok: true, args: {} };
  if (body.trim().startsWith('{')) return jsonBody(body, tool);
  const named = namedParameters(body);
  const elements = named ? { children: named, whole: true } : childElements(body);
  if (elements.children.length === 0 || !elements.whole) return undefined;
  // Elements inside a value whose property declares no type are text to one family (Cline) and an
  // object to another (codecompanion's xml2lua): which was meant would be a guess.
  if (elements.children.some(({ key, raw }) => /<[A-Za-z_]/.test(raw) && !schemaTypes(propertySchema(tool.inputSchema, key))?.length)) return undefined;
  return elementArguments(elements.children, tool);
}

/**
 * `<parameter name="city">Oslo</parameter>` elements (also `<param>`, `<arg>`, `<argument>`), the way
 * `<invoke>` writes its arguments, when they are the whole body: each names its argument, as a child
 * named after it does. Undefined for any other body (a value may then be read as text beside them).
 */
const namedParameter = /\s*<(param|parameter|arg|argument)\s+name\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')\s*>([\s\S]*?)<\/\1>\s*/y;

function namedParameters(body: string): ChildElement[] | undefined {
  if (!/^\s*<(?:param|parameter|arg|argument)\s/.test(body)) return undefined;
  const children: ChildElement[] = [];
  namedParameter.lastIndex = 0;
  while (namedParameter.lastIndex < body.length) {
    const at = namedParameter.lastIndex;
    const match = namedParameter.exec(body);
    if (!match || match.index !== at) return undefined;
    children.push({ key: match[2] ?? match[3] ?? '', raw: match[4] ?? '' });
  }
  return children.length > 0 ? children : undefined;
}

/** The arguments a body of one JSON object names; undefined where its keys are no arguments of `tool`. */
function jsonBody(body: string, tool: ToolSpec): ReturnType<typeof elementArguments> | undefined {
  // The object is the whole body: text after it would be dropped.
  const trimmed = body.trim();
  const [span] = findJsonSpans(trimmed, 1);
  if (!span || span.start !== 0 || (span.complete && span.end !== trimmed.length)) return undefined;
  const read = jsonArguments(trimmed);
  const toolName = sanitizeName(tool.name);
  if (!read.ok) return { ok: false, failure: { kind: read.kind, message: `arguments of \`${toolName}\`: ${read.message}`, toolName } };
  const properties = isRecord(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
  const keys = Object.keys(read.args);
  const framing = properties.length > 0 ? keys.some((key) => !properties.includes(key)) : 'name' in read.args && argumentKeyOf(read.args) !== undefined;
  return framing ? undefined : { ok: true, args: read.args };
}

export const namedCallElementReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('name') && !text.includes('tool')) return undefined;
    const visible = maskCode(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    for (const match of visible.matchAll(opening)) {
      const name = match[2] ?? match[3] ?? '';
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) continue;
      const bodyStart = match.index + match[0].length;
      const close = `</${match[1] ?? ''}>`;
      const end = visible.indexOf(close, bodyStart);
      if (end < 0) continue;
      const args = bodyArguments(text.slice(bodyStart, end), tool);
      if (!args) continue;
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(name, args.args, tools));
      spans.push([match.index, end + close.length]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
