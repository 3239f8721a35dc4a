/**
 * Arguments written as XML-style elements (found by `tag-calls.ts`) -> an arguments object. Values
 * are text. Whitespace follows the family's own rule (`ValueRule`): Qwen3-Coder's template writes a
 * newline after `<parameter=k>` and before `</parameter>`, and those two go (`newline-pair`); GLM,
 * MiniMax, DeepSeek DSML and MiniCPM write the value right between the tags, so it is kept as
 * written (`verbatim`; bare invokes but for a pair of line breaks framing it, `verbatim-framed`).
 * A value that is one CDATA section stands for its content. JSON written with
 * escaped quotes (`[{\"a\": 1}]`, as GLM 4.7 does) stands for that JSON where the property does not
 * take a string. What the text then means is decided by the tool's schema in one place,
 * `collectParameters` (coercion, a name given twice, DSML's `string="true|false"` hint). A body that
 * is one JSON object is read as JSON. MiniMax M2 and LongCat are the exceptions: their own parsers
 * strip the space around every value (`trimmed`, `trimmed-text`).
 */
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { collectParameters, propertySchema } from '../../tools/collect-parameters.ts';
import { coerceText } from '../../tools/coerce-text.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import { cutOffBeforeTag } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { nestedValue } from './nested-value.ts';
import { isWrapperKey } from './wrapped-arguments.ts';
import { unwrapCdata } from '../extract/xml-text.ts';
import type { RawParameter } from './tag-calls.ts';

export type ParametersReading =
  | { ok: true; args: Record<string, unknown>; repaired: boolean }
  | { ok: false; kind: 'invalid-json' | 'invalid-args'; message: string; details?: string[] };

/**
 * How the family's template writes a value: `newline-pair` and `verbatim` are the whitespace rules
 * above; `verbatim-quoted` is `verbatim`, except that a value whose property declares no type and that
 * is written as one quoted string (`"x"`, `'x'`) is that string: GLM's templates write strings bare and
 * other values as JSON, and GLM's servers (vLLM, sglang) read such a value as JSON, then as a Python
 * literal. `verbatim-framed` is `verbatim` but for a pair of line breaks framing the value
 * (`framedValue`). `trimmed` drops the space around a value (LongCat's parser strips every value), and
 * `trimmed-text` also keeps a value as text where no schema types it (MiniMax M2's parser: a property
 * without a `type` is read as a string).
 */
export type ValueRule = 'newline-pair' | 'verbatim' | 'verbatim-framed' | 'verbatim-quoted' | 'trimmed' | 'trimmed-text';

/** The value's text as the family writes it, before CDATA and coercion. */
function familyText(raw: string, rule: ValueRule): string {
  if (rule === 'newline-pair') return writtenValue(raw);
  if (rule === 'verbatim-framed') return framedValue(raw);
  return rule === 'trimmed' || rule === 'trimmed-text' ? raw.trim() : raw;
}

/** Rules that keep a value's text as written (`verbatim-framed` but for the line breaks framing it). */
const keptAsWritten = (rule: ValueRule): boolean => rule === 'verbatim' || rule === 'verbatim-framed';

/**
 * A value that stands on lines of its own: the line break right after the opening tag together with
 * the one right before the closing tag are the element's layout (`<parameter name="city">\nOslo\n</parameter>`),
 * as the servers of the bare-invoke families read them (MiniMax M2's and Dots3's strip all space
 * around a value). One break alone is text.
 */
function framedValue(raw: string): string {
  return /^\r?\n[\s\S]*\n$/.test(raw) ? raw.replace(/^\r?\n/, '').replace(/\r?\n$/, '') : raw;
}

/** The value as written: the newline after the opening tag goes, and then the one before the closing tag. */
export function writtenValue(raw: string): string {
  if (!raw.startsWith('\n')) return raw;
  return raw.slice(1).replace(/\n$/, '');
}

export { unwrapCdata } from '../extract/xml-text.ts';

/** The text of a Cline-style element value: CDATA unwrapped, without the newline pair around it. */
export function writtenText(rawText: string): string {
  return rawText
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
}

const hintOf = (stringHint: string | undefined): 'string' | 'json' | undefined => (stringHint === 'true' ? 'string' : stringHint === 'false' ? 'json' : undefined);

/** One parameter's text -> its value by the property schema (see `coerceText`); a text no type fits is kept, for validation to report. */
export function parameterValue(rawText: string, schema: unknown, stringHint?: string): unknown {
  const text = writtenText(rawText);
  const read = coerceText(text, schema, { ...guardedCoercion, hint: hintOf(stringHint) });
  return read.ok ? read.value : text;
}

const pythonEscapes: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * The string a text written as one quoted string stands for (a JSON string; else a Python-style one,
 * in single or double quotes, whose unknown escapes such as `\\C` stay as written, as Python keeps
 * them); undefined when the text is not one quoted string, or holds an escape read otherwise by
 * Python (`\\x41`, `\\u00e9`, octal, `\\a`: left as written rather than guessed).
 */
export function quotedString(text: string): string | undefined {
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || text.length < 2 || !text.endsWith(quote)) return undefined;
  if (quote === '"') {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'string') return value;
    } catch {
      // not JSON: read as a Python literal below
    }
  }
  const body = text.slice(1, -1);
  let value = '';
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] as string;
    if (char === quote) return undefined;
    if (char !== '\\') {
      value += char;
      continue;
    }
    const next = body[index + 1];
    if (next === undefined || /[0-7xuUNav]/.test(next) || next === '\n') return undefined;
    value += pythonEscapes[next] ?? `\\${next}`;
    index += 1;
  }
  return value;
}

/** JSON written as if inside a string (`[{\"id\": 1}]`) -> that JSON's text, where the property takes no string. */
function unescapedJson(text: string, schema: unknown): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || !trimmed.includes('\\"') || schemaTypes(schema)?.includes('string')) return text;
  try {
    const inner: unknown = JSON.parse(`"${trimmed}"`);
    if (typeof inner !== 'string') return text;
    const value: unknown = JSON.parse(inner);
    return typeof value === 'object' && value !== null ? inner : text;
  } catch {
    return text;
  }
}

/** A JSON object body (`<function=name>{..}</function>`). */
export function jsonArguments(body: string): ParametersReading {
  const unfenced = body.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  // Its closing tag may stand in for the object's last brace, never for a value cut off before it.
  if (cutOffBeforeTag(unfenced)) return { ok: false, kind: 'invalid-json', message: 'the arguments are cut off before their JSON object closes: resend the whole call' };
  const json = readJson(unfenced);
  if (!json.ok) return { ok: false, kind: 'invalid-json', message: json.message };
  return isRecord(json.value) ? { ok: true, args: json.value, repaired: json.repaired } : { ok: false, kind: 'invalid-args', message: 'arguments must be one JSON object' };
}

/**
 * The object a lone wrapper parameter holds (`<parameter name="arguments">{"city": "Oslo"}`), where
 * the tool does not declare that name; undefined otherwise. Python-style objects are repaired.
 */
function unwrappedArguments(parameters: readonly RawParameter[], tool: ToolSpec | undefined, rule: ValueRule): ParametersReading | undefined {
  const [only] = parameters;
  if (parameters.length !== 1 || !only || !isWrapperKey(only.key, tool)) return undefined;
  const text = unwrapCdata(familyText(only.text, rule)).trim();
  if (!text.startsWith('{')) return undefined;
  const read = coerceText(text, { type: 'object' }, guardedCoercion);
  return read.ok && isRecord(read.value) ? { ok: true, args: read.value, repaired: read.repaired } : undefined;
}

/**
 * Qwen3-Coder's and GLM's own servers keep a value as the text written where no schema types its
 * property (declared `{}` or not declared: `77004` stays `"77004"`): reading it as JSON would be
 * reins' guess, not the family's. (Qwen3-Coder's `null` aside: its servers read it as null.)
 */
const keepsUntypedText = (rule: ValueRule): boolean => rule === 'newline-pair' || rule === 'verbatim-quoted' || rule === 'trimmed-text';

/**
 * The string an untyped value written as one quoted string stands for: GLM's servers decode it as
 * JSON, then as a Python literal (`quotedString`); the `verbatim` families read every untyped value
 * as JSON (`3` is 3), so a JSON string literal (`"Beijing"`) is its string too, as MiniCPM's readers
 * decode it. Qwen3-Coder's servers keep the text.
 */
function untypedString(text: string, rule: ValueRule): string | undefined {
  if (rule === 'verbatim-quoted') return quotedString(text);
  if (!keptAsWritten(rule) || !text.startsWith('"')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `verbatim` families' templates (MiniCPM, Xing, MiniMax M3) write a string value bare, so where
 * the property's type is a union holding `string`, text that also reads as another of its types (`123`
 * for `["integer", "string"]`, `true` for `["string", "boolean"]`) is the string written, as ms-swift's
 * readers of these families keep it; only `null` is null where the union holds `null`. (reins' own
 * `line` protocol, and Qwen3-Coder's servers, read such text as the other type: `coerceText` rule 1.)
 */
function unionKeepsText(written: string, types: readonly string[] | undefined): boolean {
  if (!types || types.length < 2 || !types.includes('string')) return false;
  return !(types.includes('null') && written.trim() === 'null');
}

function declares(tool: ToolSpec, key: string): boolean {
  const schema: JsonSchema | undefined = tool.inputSchema;
  return isRecord(schema?.properties) && Object.hasOwn(schema.properties, key);
}

/** The arguments of `parameters` for `tool` (undefined when the tool is unknown: no schema to coerce by). */
export function parameterArguments(parameters: readonly RawParameter[], tool: ToolSpec | undefined, rule: ValueRule): ParametersReading {
  const unknownHint = parameters.find((parameter) => parameter.hint !== undefined && hintOf(parameter.hint) === undefined);
  if (unknownHint) {
    // The hint decides whether the text is a string or JSON: any other value leaves that to a guess.
    const detail = `parameter \`${unknownHint.key.replace(/[^\w.-]/g, '?').slice(0, 64)}\` has string="${unknownHint.hint?.replace(/[^\w.-]/g, '?').slice(0, 16) ?? ''}": write string="true" for text as written or string="false" for a JSON value`;
    return { ok: false, kind: 'invalid-args', message: detail, details: [detail] };
  }
  const undeclared = tool ? parameters.find((parameter) => parameter.declaredOnly && !declares(tool, parameter.key)) : undefined;
  if (undeclared) {
    const key = undeclared.key.replace(/[^\w.-]/g, '?').slice(0, 64);
    const message =
      rule === 'newline-pair'
        ? `\`${key}\`, written as an element's text, is no parameter of the tool: write each parameter as <parameter=name>value</parameter>`
        : `<${key}> is no parameter of the tool, so it is not read as an argument: write each argument as <parameter name="name">value</parameter>`;
    return { ok: false, kind: 'invalid-args', message };
  }
  if (parameters.some((parameter) => parameter.children)) return withNestedValues(parameters, tool, rule);
  const unwrapped = unwrappedArguments(parameters, tool, rule);
  if (unwrapped) return unwrapped;
  const pairs = parameters.map((parameter) => {
    const written = unwrapCdata(familyText(parameter.text, rule));
    const schema = propertySchema(tool?.inputSchema, parameter.key);
    const untyped = schemaTypes(schema) === undefined;
    const quoted = untyped && parameter.hint === undefined ? untypedString(written.trim(), rule) : undefined;
    if (quoted !== undefined) return { name: parameter.key, text: quoted, hint: 'string' as const };
    // Qwen3-Coder's servers (vLLM, sglang) read `null`, in any letter case, as null before they look at
    // the schema; where no type is declared reins does too (a declared type still decides).
    if (untyped && rule === 'newline-pair' && written.toLowerCase() === 'null') return { name: parameter.key, text: 'null', hint: undefined };
    // The element's own `string=` attribute, where written, decides before the family's default.
    if (untyped && keepsUntypedText(rule) && parameter.hint === undefined) return { name: parameter.key, text: written, hint: 'string' as const };
    if (keptAsWritten(rule) && parameter.hint === undefined && unionKeepsText(written, schemaTypes(schema))) return { name: parameter.key, text: written, hint: 'string' as const };
    return { name: parameter.key, text: unescapedJson(written, schema), hint: hintOf(parameter.hint) };
  });
  const collected = collectParameters(pairs, tool?.inputSchema, guardedCoercion);
  if (!collected.ok) return { ok: false, kind: 'invalid-args', message: collected.details.join('; '), details: collected.details };
  return collected;
}

/** Parameters some of which are nested elements (`nestedValue`): those read apart, the rest as above, in the written order. */
function withNestedValues(parameters: readonly RawParameter[], tool: ToolSpec | undefined, rule: ValueRule): ParametersReading {
  const flat = parameters.filter((parameter) => !parameter.children);
  const read = parameterArguments(flat, tool, rule);
  if (!read.ok) return read;
  const args: Record<string, unknown> = {};
  let repaired = read.repaired;
  for (const parameter of parameters) {
    if (!parameter.children) {
      if (!Object.hasOwn(args, parameter.key)) Object.defineProperty(args, parameter.key, { value: read.args[parameter.key], enumerable: true, writable: true, configurable: true });
      continue;
    }
    if (Object.hasOwn(args, parameter.key) || (Object.hasOwn(read.args, parameter.key) && parameters.filter((other) => other.key === parameter.key).length > 1)) {
      const detail = `parameter \`${parameter.key.replace(/[^\w.-]/g, '?').slice(0, 64)}\` given twice`;
      return { ok: false, kind: 'invalid-args', message: detail, details: [detail] };
    }
    const value = nestedValue(parameter, propertySchema(tool?.inputSchema, parameter.key));
    if (!value.ok) return { ok: false, kind: 'invalid-args', message: value.detail, details: [value.detail] };
    repaired ||= value.repaired;
    Object.defineProperty(args, parameter.key, { value: value.value, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, args, repaired };
}
