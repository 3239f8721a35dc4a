/**
 * The arguments of a tool-name tag written as child elements, one per argument (Cline, Roo Code):
 * `<path>src/a.ts</path>`; `<content/>` is the empty text. Each value is read by its property's
 * schema (`collectParameters`; CDATA kept verbatim, the newline pair around a value dropped), except
 * a value made wholly of elements where the property takes a list or an object and no string
 * (`<data><item>1</item><item>2.5</item></data>`): that list or object, each member read by its
 * sub-schema (`nested-value.ts`, as MiniMax M3's elements are read). A string property keeps such
 * markup as its text. A value whose property declares no type (`{}`, or not declared) is the text as
 * written: Cline's and Roo Code's own parsers keep every such value a string (`<line_count>5</line_count>`
 * is `"5"`, `<arguments>{"k": 1}</arguments>` the JSON text), so reading it as JSON would be reins' guess.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { collectParameters, propertySchema } from '../../tools/collect-parameters.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import { sanitizeName } from '../sanitize.ts';
import { elementSequence } from './element-sequence.ts';
import { nestedValue } from './nested-value.ts';
import { nestedElements, type ParameterForm, type RawParameter } from './tag-calls.ts';
import type { ToolArgs } from './tool-input.ts';
import { writtenText } from './xml-parameters.ts';

/**
 * An empty element (`<name/>`, group 1), or an element and its text (groups 2 and 3; its closing tag
 * may hold space: `</ name>`); a CDATA section may hold anything. Each character has one way to
 * match (no backtracking blow-up).
 */
const child = /<([A-Za-z_][\w.-]*)\s*\/>|<([A-Za-z_][\w.-]*)>((?:<!\[CDATA\[(?:(?!\]\]>)[\s\S])*\]\]>|(?!<!\[CDATA\[)[\s\S])*?)<\/\s*\2\s*>/g;
/** Elements inside an element's value, as nested values are written. */
const elementForm: ParameterForm = { open: /<(?<key>[A-Za-z_][\w.-]*)>/y, close: (match) => `</${match.groups?.key ?? ''}>` };

/** `child` tried at one position; `emptyAt` its `<name/>` form alone. */
const childAt = new RegExp(child.source, 'y');
const emptyAt = /<([A-Za-z_][\w.-]*)\s*\/>/y;
const elementName = /<([A-Za-z_][\w.-]*)/y;
const closingTag = /<\/\s*([A-Za-z_][\w.-]*)\s*>/g;

/** Where the last closing tag of each element name stands in `body`. */
function lastClosings(body: string): Map<string, number> {
  const closings = new Map<string, number>();
  if (!body.includes('</')) return closings;
  for (const match of body.matchAll(closingTag)) closings.set(match[1] ?? '', match.index);
  return closings;
}

export interface ChildElement {
  key: string;
  /** The value as written between the tags (`''` for `<name/>`). */
  raw: string;
}

/**
 * The child elements of `body`, and whether they are all it holds (whitespace aside). A value may hold
 * its own closing tag where only that reading accounts for the whole body (`element-sequence.ts`).
 */
export function childElements(body: string): { children: ChildElement[]; whole: boolean } {
  const sequence = elementSequence(body);
  if (sequence?.length) return { children: sequence, whole: true };
  const closedAt = lastClosings(body);
  const children: ChildElement[] = [];
  let outside = '';
  let from = 0;
  for (let at = body.indexOf('<'); at >= 0; at = body.indexOf('<', Math.max(at + 1, from))) {
    if (at < from) continue;
    elementName.lastIndex = at;
    const name = elementName.exec(body)?.[1];
    if (name === undefined) continue;
    // An element never closed after its opening can only be empty (`<name/>`): the whole pattern
    // would look to the end of the body for its close, once per such opening.
    const pattern = (closedAt.get(name) ?? -1) > at ? childAt : emptyAt;
    pattern.lastIndex = at;
    const match = pattern.exec(body);
    if (!match) continue;
    outside += body.slice(from, at);
    children.push({ key: match[1] ?? match[2] ?? '', raw: match[1] !== undefined ? '' : (match[3] ?? '') });
    from = at + match[0].length;
  }
  outside += body.slice(from);
  return { children, whole: outside.trim() === '' };
}

/** True when a property takes a list or an object and no string: elements in its value are members. */
function takesElements(schema: unknown): boolean {
  const types = schemaTypes(schema);
  return types !== undefined && !types.includes('string') && types.some((type) => type === 'array' || type === 'object');
}

/** A flat element value, taken as its text where the property declares no type (unless `untypedAsText` is false). */
function untypedText(tool: ToolSpec, key: string, text: string, untypedAsText: boolean): { name: string; text: string; hint?: 'string' } {
  return untypedAsText && schemaTypes(propertySchema(tool.inputSchema, key)) === undefined ? { name: key, text, hint: 'string' } : { name: key, text };
}

const setOwn = (target: Record<string, unknown>, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * The arguments written as `children`, typed by the tool's schema. A value whose property declares no
 * type stays its text (Cline, Roo Code, Continue keep it so), unless `untypedAsText` is false: then it
 * is read as the family's own parser reads it, a number or boolean where it spells one.
 */
export function elementArguments(children: readonly ChildElement[], tool: ToolSpec, untypedAsText = true): ToolArgs {
  const toolName = sanitizeName(tool.name);
  const invalid = (details: string[]): ToolArgs => ({ ok: false, failure: { kind: 'invalid-args', message: `arguments of \`${toolName}\`: ${details.join('; ')}`, details, toolName } });
  const flat: { name: string; text: string }[] = [];
  const nested: RawParameter[] = [];
  for (const { key, raw } of children) {
    const members = takesElements(propertySchema(tool.inputSchema, key)) ? nestedElements(raw, elementForm) : undefined;
    if (members?.length) nested.push({ key, text: raw, children: members });
    else flat.push(untypedText(tool, key, writtenText(raw), untypedAsText));
  }
  const collected = collectParameters(flat, tool.inputSchema, guardedCoercion);
  if (!collected.ok) return invalid(collected.details);
  const args = collected.args;
  for (const element of nested) {
    if (Object.hasOwn(args, element.key)) return invalid([`parameter \`${sanitizeName(element.key)}\` given twice`]);
    const value = nestedValue(element, propertySchema(tool.inputSchema, element.key));
    if (!value.ok) return invalid([value.detail]);
    setOwn(args, element.key, value.value);
  }
  return { ok: true, args };
}
