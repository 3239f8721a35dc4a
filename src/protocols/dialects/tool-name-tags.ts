/**
 * Tool calls written as an XML element named after the tool, the format of Cline and Roo Code:
 * `<read_file><path>src/a.ts</path></read_file>`. Only elements named exactly after a tool in the
 * list count, and only outside code (backticks or fences), so an answer that shows or mentions such
 * markup stays an answer. The body is read in one of these ways, whichever it is written in:
 * - child elements, one per argument (`tag-elements.ts`);
 * - one JSON object, the whole body (text beside it inside the tag is refused, never dropped);
 * - a YAML mapping, a `name: value` line per argument (`yaml-arguments.ts`), when its first line is
 *   written `name:`, fenced or not (for a tool of one property too: which text was meant for it,
 *   the body or the value after a key it does not declare, would be a guess);
 * - else the tool's lone text input (`tool-input.ts`: only a tool of one property takes one), where
 *   the body holds no tag (`<parameter=path>..` or `<arg name="path">..` is markup, never that text).
 * Attributes on the tag are arguments too (`<rename_file from="a" to="b"/>`, `tag-attributes.ts`),
 * each one a property the tool declares (`class="x"` is refused),
 * beside named arguments in the body; bare text beside them is refused (which argument it fills
 * would be a guess). `<tool/>` is a call with no arguments; a closing tag may hold space (`</ tool>`); an opening tag
 * left open at the end of its line and closed by a line `/>` (`<tool\n<city>Oslo</city>\n/>`) holds its
 * body between, elements or YAML only. Free text before the first call is its `reason` and a PLAN thought.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, escapeRegExp, failedReading, lastToolList, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';
import { elementArguments, childElements } from './tag-elements.ts';
import { attributeListSource, tagAttributes } from './tag-attributes.ts';
import { readToolInput, toolInputArgs, type ToolArgs } from './tool-input.ts';
import { startsAsYamlMapping, yamlArguments } from './yaml-arguments.ts';

const dialect = 'tool-tags';
/** XML names only: a tool named `a b` or `<x>` cannot be written as an element. */
const elementName = /^[A-Za-z_][\w.:-]*$/;
/** A body that is one fenced block, untagged or tagged YAML: group 2 is its content. */
const yamlFence = /^\s*(`{3,}|~{3,})(?:ya?ml)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\1[ \t]*\s*$/i;
/** The line `/>` that closes an opening tag left open at the end of its line. */
const selfCloseLine = /\n[ \t]*\/>/g;

/**
 * The opening tags of the tools an element can name (group 2: its attributes; group 3: the `/` of `<tool/>`; no `>` at all:
 * the tag is left open at the end of its line); undefined when none can. Global: used with
 * `matchAll`, which copies it. Only names are cached: the tools themselves are looked up in the list given.
 */
const openingTags = lastToolList((tools) => {
  const named = tools.filter((tool) => elementName.test(tool.name));
  return named.length === 0 ? undefined : new RegExp(`<(${named.map((tool) => escapeRegExp(tool.name)).join('|')})(${attributeListSource})(?:(\\s*/)?>|[ \\t]*(?=\\r?\\n))`, 'g');
});

/** The body as one JSON object and nothing else (markup may stand in its strings); undefined otherwise. */
function wholeJsonObject(body: string): Record<string, unknown> | undefined {
  const trimmed = body.trim();
  const [span] = findJsonSpans(trimmed, 1);
  if (!span || span.start !== 0 || span.text.length !== trimmed.length) return undefined;
  const json = readJson(span.text);
  return json.ok && isRecord(json.value) ? json.value : undefined;
}

/** The arguments of a call whose body is `body`; a tag left open (`leftOpen`) takes only named arguments: elements or YAML. */
function argsOf(body: string, tool: ToolSpec, leftOpen: boolean): ToolArgs {
  const elements = childElements(body);
  if (elements.children.length > 0 && elements.whole) return elementArguments(elements.children, tool);
  const toolName = sanitizeName(tool.name);
  if (leftOpen && !startsAsYamlMapping(body)) {
    return { ok: false, failure: { kind: 'invalid-args', message: `\`<${toolName}\` is left open: write the call as <${toolName}>..</${toolName}>, its arguments as elements or \`name: value\` lines`, toolName } };
  }
  // Any tag is markup, with attributes or `=` too (`<parameter=path>`, `<parameter name="path">`: another
  // dialect's argument elements): never one lone text input holding the markup as its value.
  const markup = elements.children.length > 0 || /<[A-Za-z_][\w.-]*(?:\s*\/?>|=|\s+[\w.:-]+\s*=)/.test(body);
  // JSON is the whole body (or a fence around it): text beside the object inside the tag is never dropped.
  const input = markup ? undefined : readToolInput(body);
  const object = wholeJsonObject(body) ?? (input?.kind === 'object' && /^\s*(?:`{3,}|~{3,})/.test(body) ? input.value : undefined);
  if (object) return { ok: true, args: object };
  // A YAML body may come in a fence of its own (```yaml .. ```).
  const yamlBody = yamlFence.exec(body)?.[2] ?? body;
  if (startsAsYamlMapping(yamlBody)) {
    const yaml = yamlArguments(yamlBody, tool);
    return yaml.ok ? { ok: true, args: yaml.args } : { ok: false, failure: yaml.failure };
  }
  if (input?.kind === 'object') return { ok: false, failure: { kind: 'invalid-args', message: `the body of \`<${toolName}>\` holds text beside its JSON object: give the arguments alone`, toolName } };
  if (input) return toolInputArgs(input, tool);
  return { ok: false, failure: { kind: 'invalid-args', message: `the arguments of \`${toolName}\` must be elements like <name>value</name> with no other text, or \`name: value\` lines (YAML)`, toolName } };
}

/** Whether `tool` declares the property `key`. */
const declares = (tool: ToolSpec, key: string): boolean => isRecord(tool.inputSchema?.properties) && Object.prototype.hasOwnProperty.call(tool.inputSchema.properties, key);

/**
 * The arguments of a call whose tag gives `attributes`: those alone when the body is empty, else with
 * the body's named arguments (elements, JSON, YAML). A body of bare text names no argument: which one
 * it was meant for would be a guess, so it is refused; so is an argument given both ways.
 */
function withAttributes(body: string, tool: ToolSpec, attributes: Record<string, string>, leftOpen: boolean): ToolArgs {
  if (body.trim() === '') return { ok: true, args: attributes };
  const toolName = sanitizeName(tool.name);
  const named = childElements(body).children.length > 0 || wholeJsonObject(body) !== undefined || startsAsYamlMapping(yamlFence.exec(body)?.[2] ?? body);
  const fromBody = named ? argsOf(body, tool, leftOpen) : undefined;
  if (!fromBody) return { ok: false, failure: { kind: 'invalid-args', message: `the body of \`<${toolName}>\` is text that names no argument: give each argument as an attribute or an element <name>value</name>`, toolName } };
  if (!fromBody.ok) return fromBody;
  const twice = Object.keys(fromBody.args).find((key) => Object.prototype.hasOwnProperty.call(attributes, key));
  if (twice !== undefined) return { ok: false, failure: { kind: 'invalid-args', message: `\`<${toolName}>\` gives \`${sanitizeName(twice)}\` both as an attribute and in its body`, toolName } };
  return { ok: true, args: { ...attributes, ...fromBody.args } };
}

/**
 * Where the body of the call opened at `bodyStart` ends, and where the call does; undefined when it
 * is not closed. A value may hold the call's closing tag (`location: </get_weather>`), so the body
 * ends at the first closing tag after which no other is left before the next call opens (`opening`),
 * never simply at the first.
 */
function bodyBounds(visible: string, name: string, bodyStart: number, leftOpen: boolean, opening: RegExp): { end: number; after: number } | undefined {
  const close = leftOpen ? selfCloseLine : new RegExp(`</\\s*${escapeRegExp(name)}\\s*>`, 'g');
  close.lastIndex = bodyStart;
  let found = close.exec(visible);
  // Where the next call opens, looked up again only once passed: the scan stays linear in the text.
  let next = -1;
  while (found) {
    const bounds = { end: found.index, after: found.index + found[0].length };
    if (next < bounds.after) {
      opening.lastIndex = bounds.after;
      next = opening.exec(visible)?.index ?? visible.length;
    }
    close.lastIndex = bounds.after;
    found = close.exec(visible);
    if (!found || found.index >= next) return bounds;
  }
  return undefined;
}

export const toolNameTagsReader: DialectReader = {
  dialect,
  needs: '<', // the element named after the tool
  read(text, { tools }): Reading | undefined {
    const opening = openingTags(tools);
    if (!opening) return undefined;
    const visible = maskCode(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let reason: string | undefined;
    let from = 0;
    // A tag left open needs a `/>` line after it: none after the last one, so a reply of many such tags is scanned once.
    const lastSelfClose = visible.lastIndexOf('/>');
    for (const match of visible.matchAll(opening)) {
      if (match.index < from) continue;
      const name = match[1] ?? '';
      // The first tool of that name: every tool named so is one an element can name.
      const tool = tools.find((candidate) => candidate.name === name) as ToolSpec;
      const bodyStart = match.index + match[0].length;
      const toolName = sanitizeName(name);
      const attributes = tagAttributes(match[2] ?? '');
      if (!attributes.ok) return failedReading(dialect, { kind: 'invalid-args', message: `\`<${toolName}>\` gives \`${sanitizeName(attributes.repeated)}\` twice`, toolName });
      // An attribute the tool does not declare (`class="x"`) is markup of another kind, never an argument.
      const undeclared = Object.keys(attributes.args).find((key) => !declares(tool, key));
      if (undeclared !== undefined) return failedReading(dialect, { kind: 'invalid-args', message: `\`<${toolName}>\` has the attribute \`${sanitizeName(undeclared)}\`, which \`${toolName}\` does not declare`, toolName });
      if (match[3] !== undefined) {
        // `<get_location/>`: a call with no arguments but its attributes (validation reports any the tool requires).
        reason ??= text.slice(0, match.index).trim();
        items.push(callItem(name, attributes.args, tools, reason));
        from = bodyStart;
        spans.push([match.index, from]);
        continue;
      }
      const leftOpen = !match[0].endsWith('>');
      const bounds = leftOpen && bodyStart > lastSelfClose ? undefined : bodyBounds(visible, name, bodyStart, leftOpen, new RegExp(opening.source, 'g'));
      // A tag left open with no `/>` line is no call read here: the call-attempt check corrects it.
      if (!bounds && leftOpen) continue;
      if (!bounds) return failedReading(dialect, { kind: 'no-decision', message: `\`<${toolName}>\` is not closed with \`</${toolName}>\``, toolName } satisfies ReadFailure);
      const body = text.slice(bodyStart, bounds.end);
      const args = Object.keys(attributes.args).length > 0 ? withAttributes(body, tool, attributes.args, leftOpen) : argsOf(body, tool, leftOpen);
      if (!args.ok) return failedReading(dialect, args.failure);
      reason ??= text.slice(0, match.index).trim();
      items.push(callItem(name, args.args, tools, reason));
      from = bounds.after;
      spans.push([match.index, from]);
    }
    if (reason === undefined) return undefined;
    return { dialect, items, thoughts: reason ? [{ type: 'PLAN', content: reason }] : [], repaired: true, spans };
  },
};
