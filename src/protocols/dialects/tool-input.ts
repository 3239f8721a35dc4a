/**
 * The tool input of agent dialects that predate JSON tool calling (ReAct `Action Input:`, LangChain's
 * `<tool_input>` and `action_input`): a JSON object, a Python-style dict, or a plain string meant for
 * a tool that takes one text argument. `readToolInput` reads the text; `toolInputArgs` turns what it
 * read into arguments by the tool's input schema. Nothing is accepted here: the arguments still go
 * through strict validation.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { coerceValue } from '../../tools/coerce-args.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { specialTokenIn } from './find-call-attempt.ts';
import { takesNoArguments } from './no-argument-action.ts';

export type ToolInput =
  /** A JSON object (or a dict that `jsonrepair` turned into one). */
  | { kind: 'object'; value: Record<string, unknown> }
  /**
   * Plain text, without the quotes around it; `jsonProblem` says why text that looked like an object
   * was not one. `broken` says why the input can be read neither as arguments nor as text (an object
   * the text ends inside, a second object after the first): always a correction.
   */
  | { kind: 'text'; value: string; jsonProblem?: string; broken?: string };

export type ToolArgs = { ok: true; args: Record<string, unknown> } | { ok: false; failure: ReadFailure };

/** A fence around the whole input; its body may start on the label's line when it is JSON (`\`\`\`json{..}\`\`\``). */
const wholeFence = /^(`{3,}|~{3,})(?:[\w-]*[ \t]*\r?\n|[\w-]*[ \t]*(?=[{[]))([\s\S]*?)\r?\n?[ \t]*\1$/;

/** An input that says there is none, as ReAct agents write it for a tool without arguments. */
const nullInput = /^(?:None|null|N\/A)$/;

/** `"text"` or `'text'` -> text; a lone opening quote (output cut short) is dropped too. */
function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const json = readJson(text);
    return json.ok && typeof json.value === 'string' && !json.repaired ? json.value : text.slice(1, -1);
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1);
  if (/^["']/.test(text) && !/["']/.test(text.slice(1))) return text.slice(1);
  return text;
}

/**
 * Reads one tool input. Text holding an object (after at most a little punctuation, e.g. `** {..}`)
 * is read as JSON with repair (single quotes, Python literals, comments, a missing brace); prose after
 * the object is dropped. Anything else is text.
 */
export function readToolInput(raw: string): ToolInput {
  const trimmed = raw.trim();
  const fenced = wholeFence.exec(trimmed);
  const text = fenced ? (fenced[2] ?? '').trim() : trimmed;
  const [span] = findJsonSpans(text, 1);
  const lead = span ? text.slice(0, span.start) : '';
  if (span && span.text.startsWith('{') && !/[\p{L}\p{N}]/u.test(lead)) {
    const json = readJson(span.text);
    // A second object after the first would be dropped: the arguments are in two pieces.
    const [second] = findJsonSpans(text.slice(span.end), 1);
    if (json.ok && isRecord(json.value) && second?.text.startsWith('{')) return { kind: 'text', value: text, broken: 'it holds two JSON objects; give every argument in one' };
    if (json.ok && isRecord(json.value) && !span.complete) return { kind: 'text', value: text, broken: 'it is cut off before its JSON object closes' };
    if (json.ok && isRecord(json.value)) return { kind: 'object', value: json.value };
    const jsonProblem = json.ok ? 'it is not one JSON object' : json.message;
    if (!json.ok && span.complete && duplicateKey(span.text) !== undefined) return { kind: 'text', value: text, broken: json.message }; // a key written twice: never one property's text
    // The input one object with quoted keys (no words after it) that reads only by guessing
    // (`{"q": "a", "k": }`): the model wrote arguments, and its damage is refused as a JSON call's is
    // (one JSON guard), never the text of the only property.
    if (!json.ok && span.complete && !/[\p{L}\p{N}]/u.test(text.slice(span.end)) && /^\{\s*"[^"\n]+"\s*:/.test(span.text)) return { kind: 'text', value: text, broken: json.message };
    return { kind: 'text', value: text, jsonProblem, ...(!json.ok && !span.complete ? { broken: `it is cut off before its JSON object closes: ${jsonProblem}` } : {}) };
  }
  return { kind: 'text', value: unquote(text) };
}

/**
 * The property that takes a lone text input: the tool's only property. With several, which one the
 * text is meant for would be a guess (invariant: no guessed assignment of a body to a field), so the
 * model is asked for the arguments by name.
 */
function textProperty(tool: ToolSpec): { name: string; schema: unknown } | undefined {
  const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const names = Object.keys(properties);
  return names.length === 1 ? { name: names[0] as string, schema: properties[names[0] as string] } : undefined;
}

/** True when `text` is a JSON list holding an object keyed by one of the tool's own properties. */
function wrapsArguments(text: string, properties: readonly string[]): boolean {
  if (!text.trimStart().startsWith('[')) return false;
  const json = readJson(text);
  return json.ok && Array.isArray(json.value) && json.value.some((item) => isRecord(item) && Object.keys(item).some((key) => properties.includes(key)));
}

/** Arguments for `tool` from its input; an unknown tool gets `{}` (validation then names the tool as unknown). */
export function toolInputArgs(input: ToolInput, tool: ToolSpec | undefined): ToolArgs {
  if (input.kind === 'object' || !tool) return { ok: true, args: input.kind === 'object' ? input.value : {} };
  const properties = isRecord(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
  const toolName = sanitizeName(tool.name);
  // No input at all is no arguments: a tool that needs some is then reported as missing them.
  if (input.value.trim() === '') return { ok: true, args: {} };
  // A null literal (`None`, `null`, `N/A`) says the same to a tool that takes no arguments: `{}` is its only call.
  if (nullInput.test(input.value.trim()) && takesNoArguments(tool)) return { ok: true, args: {} };
  if (input.broken) {
    // An object the text ends inside is a cut-off call, and two objects are arguments in two pieces:
    // never the text value of the only property.
    return { ok: false, failure: { kind: 'invalid-json', message: `the input of \`${toolName}\` could not be read: ${input.broken}`, toolName } };
  }
  const token = specialTokenIn(input.value);
  if (token !== undefined) {
    // Text read without quotes ends where the model's markup starts: a special token inside it is
    // markup no reader accounted for (Functionary v2's `<|content|>`), never part of the value.
    const message = `the input of \`${toolName}\` holds the special token ${token}, which is no part of a value`;
    return { ok: false, failure: { kind: 'invalid-args', message, toolName } };
  }
  const target = textProperty(tool);
  if (target && wrapsArguments(input.value, properties)) {
    // `[{"city": "Oslo"}, []]` for a tool whose only property is `city`: the list holds the arguments
    // (some servers wrap them so), and taking the whole list as the value of `city` would be a guess.
    const message = `the input of \`${toolName}\` is a list holding its arguments: give them as one JSON object`;
    return { ok: false, failure: { kind: 'invalid-args', message, toolName } };
  }
  if (target) return { ok: true, args: { [target.name]: coerceValue(input.value, target.schema, guardedCoercion) } };
  const message = input.jsonProblem
    ? `the input of \`${toolName}\` could not be read: ${input.jsonProblem}`
    : `\`${toolName}\` takes ${properties.length ? 'several arguments' : 'no text input'}: give its input as one JSON object`;
  const details = properties.length ? [`arguments: ${properties.slice(0, 20).map(sanitizeName).join(', ')}`] : [];
  return { ok: false, failure: { kind: input.jsonProblem ? 'invalid-json' : 'invalid-args', message, details, toolName } };
}
