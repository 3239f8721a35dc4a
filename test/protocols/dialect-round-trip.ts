/**
 * Round-trip property harness for drift dialects (shared by every dialect's test). A dialect under
 * test renders one tool call the way its model family writes it (the family's chat template); reins
 * then parses that text, and the property holds when reins
 * - reads back the same call (deep-equal arguments, after the family's own value rule `expected`), or
 * - refuses with a correction (an InvalidDecisionError), or
 * - only for templates that write values unescaped (`verbatim: true`): reads a call that the template
 *   renders to the very same text (whitespace after a closing tag aside: it is a gap between elements), or
 *   the call whose string values that are one whole CDATA section are read as its content. Such a text is
 *   the same text another call would produce, so no reader can tell them apart; what it reads is still
 *   exactly what the model wrote.
 * Anything else (a different accepted call, an answer instead of the call) is a misread and fails.
 *
 * Strings are drawn from fragments of every dialect's own markup (`</tool_call>`, `<parameter=`,
 * `"}`, `]`, CDATA, special tokens), `\r\n`, tabs, unicode, backslashes and empty strings. A second
 * property renders calls with plain strings only: those must always read back deep-equal, so a reader
 * that refuses everything cannot pass.
 *
 * Usage (one `it` per dialect):
 *   checkRoundTrip({ name: 'hermes', render: ({ name, args }) => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>` });
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import { propertyRuns } from '../helpers/property-runs.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';

export type Args = Record<string, unknown>;
export interface RenderedCall {
  name: string;
  args: Args;
}

export interface DialectUnderTest {
  /** Shown in failures. */
  name: string;
  /** The text the model family writes for one call (its chat template's rendering). */
  render(call: RenderedCall): string;
  /** The template writes values without escaping, so two calls can render to the same text. @default false */
  verbatim?: boolean;
  /**
   * A closing tag the family may leave out after a value (`</parameter>` of the name-then-value shape):
   * with `verbatim`, a call read that renders to the text but for where this tag stands is the same
   * text too, since whether a value ends before it or holds it is the one thing no reader can tell.
   * @default undefined
   */
  optionalClose?: string;
  /**
   * The same family's form with that closing tag written (`optionalClose`): a call read that renders
   * in it to the text is the same text too (a value ending right before the tag, or holding it).
   * @default undefined
   */
  closedForm?(call: RenderedCall): string;
  /**
   * Text a value of this shape cannot carry: a shape with no tag before its value ends the value at
   * the next parameter's opening tag, so a value holding one reads as two parameters by the shape's
   * own rule. Calls whose values hold it are not drawn. @default undefined
   */
  cannotHold?: RegExp;
  /** The arguments the family's own server reads back from `render(call)` (e.g. trimmed strings). @default identity */
  expected?(args: Args): Args;
  /** Tool names the dialect can write. @default /^[A-Za-z_][A-Za-z0-9_]{0,23}$/ (XML and JSON-safe) */
  toolName?: fc.Arbitrary<string>;
  /** Argument keys the dialect can write. @default /^[A-Za-z_][A-Za-z0-9_]{0,15}$/ */
  key?: fc.Arbitrary<string>;
  /** The fewest arguments a call of the dialect has (a bare name may be no call in it). @default 0 */
  minKeys?: number;
  /** Which values the dialect can carry. @default 'json' (strings, numbers, booleans, null, arrays, objects) */
  values?: 'json' | 'strings';
  /**
   * The tool offered for `call`. @default `toolFor` (a property schema per value). Dialects whose values
   * carry their own types (JSON) may offer one shared open schema: Ajv then compiles it once.
   */
  tool?(call: RenderedCall): ToolSpec;
}

/** Markup of every dialect reins reads: a string holding these must never end a call early. */
export const markupFragments: readonly string[] = [
  '</tool_call>', '<tool_call>', '<function=', '</function>', '<parameter=', '</parameter>', '<parameter>', '<parameter name="x">',
  '<arg_key>', '</arg_key>', '<arg_value>', '</arg_value>', '<invoke name="f">', '</invoke>', '<tool_code>', '</tool_code>',
  '<parameters>', '</parameters>', '<arguments>', '</arguments>', '<![CDATA[', ']]>', '<minimax:tool_call>', '<seed:tool_call>',
  '<|tool_call_begin|>', '<|tool_call_end|>', '<|tool_calls_section_end|>', '<｜tool▁call▁end｜>', '[TOOL_CALLS]', '[ARGS]',
  '"}', '"]', '}', ']', '{', '[', '"', "'", '\\', '\\"', '\\n', '\r\n', '\n', '\t', ' ', '//', '/*', '*/', '<', '>', '&lt;', '&amp;',
  'é', '你好', '😀', '\u2028', 'true', 'null', '0', '-1.5',
  '<atem:function_calls>', '</atem:function_calls>', '<atem:invoke name="f">', '</atem:invoke>', '<atem:parameter name="x">', '</atem:parameter>',
  '<|message|>', '<|eom|>', '<|eot|>', '<|start|>assistant', ' to=user', '<user>', '</user>',
];

const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_'];
const digits = [...'0123456789'];
/** `first` then up to `max` more of `rest` (cheaper than `fc.stringMatching`). */
const word = (first: string[], rest: string[], max: number) =>
  fc.tuple(fc.constantFrom(...first), fc.string({ unit: fc.constantFrom(...rest), maxLength: max })).map(([head, tail]) => head + tail);
const plainText = word([...letters, ...digits], [...letters, ...digits, ' '], 12).map((text) => text.trim());
const markupText = fc
  .array(fc.oneof(fc.constantFrom(...markupFragments), fc.string({ maxLength: 4 }), plainText), { maxLength: 6 })
  .map((parts) => parts.join(''));

const defaultToolName = word(letters, [...letters, ...digits], 23).filter((name) => name !== 'ask_user' && name !== 'answer_user');
// Prototype names are refused unless a tool declares them (`prototype-keys.ts`): no plain argument name.
const defaultKey = word(letters, [...letters, ...digits], 15).filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key));

function valueOf(text: fc.Arbitrary<string>, values: 'json' | 'strings'): fc.Arbitrary<unknown> {
  if (values === 'strings') return text;
  const leaf = fc.oneof(text, text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)), fc.boolean(), fc.constant(null));
  return fc.oneof(leaf, leaf, leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(word(letters, letters, 5), leaf, { maxKeys: 3, noNullPrototype: true }));
}

/** The JSON Schema of a property holding `value` (so a string reads back as a string). */
function schemaOf(value: unknown): Record<string, unknown> {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array' };
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'string') return { type: 'string' };
  return { type: 'object' };
}

export function toolFor(call: RenderedCall): ToolSpec {
  const properties = Object.fromEntries(Object.entries(call.args).map(([key, value]) => [key, schemaOf(value)]));
  return { name: call.name, inputSchema: { type: 'object', properties } };
}

/**
 * The text with the whitespace after each closing tag removed: for families whose readers (and
 * servers) take any whitespace between elements, `<p>a</p><p>b</p>` and `<p>a</p>\n<p>b</p>` are the
 * same call, so a value that ends in `</p><p>` renders to a text no reader can tell from two values.
 */
const betweenElements = (text: string) => text.replace(/(<\/[^<>]*>)\s+/g, '$1');

/**
 * The arguments with each string value that is one whole CDATA section (`<![CDATA[..]]>`, whitespace
 * around it) replaced by the section's content. In the XML-style families a CDATA section is how a
 * model wraps a value holding markup, so where the template writes values unescaped, a string that
 * happens to be one CDATA section is the same text as that wrapping: reading its content reads what
 * the model wrote.
 */
function cdataContents(args: Args): Args {
  const section = /^\s*<!\[CDATA\[((?:(?!\]\]>)[\s\S])*)\]\]>\s*$/;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === 'string' ? (section.exec(value)?.[1] ?? value) : value]));
}

export type RoundTripVerdict = 'same' | 'corrected' | 'same-text' | 'misread';

/** Judges one rendered call against what reins read from it. */
export function judgeRoundTrip(dialect: DialectUnderTest, call: RenderedCall, protocol: ProtocolName = 'native'): { verdict: RoundTripVerdict; text: string; read: unknown } {
  const text = dialect.render(call);
  const result = protocols[protocol].parse(text, { tools: [(dialect.tool ?? toolFor)(call)] });
  if (!result.success) return { verdict: 'corrected', text, read: result.error.message };
  const expected = dialect.expected ? dialect.expected(call.args) : call.args;
  const [decision] = result.decisions;
  const read = result.decisions;
  if (result.decisions.length !== 1 || decision?.action !== 'call_tool') return { verdict: 'misread', text, read };
  if (decision.tool === call.name && isDeepStrictEqual(decision.args, expected)) return { verdict: 'same', text, read };
  const same = (rendered: string) => betweenElements(dialect.optionalClose ? rendered.split(dialect.optionalClose).join('') : rendered);
  if (dialect.verbatim && same(dialect.render({ name: decision.tool, args: decision.args })) === same(text)) return { verdict: 'same-text', text, read };
  if (dialect.verbatim && dialect.closedForm?.({ name: decision.tool, args: decision.args }) === text) return { verdict: 'same-text', text, read };
  if (dialect.verbatim && decision.tool === call.name && isDeepStrictEqual(decision.args, cdataContents(expected))) return { verdict: 'same-text', text, read };
  return { verdict: 'misread', text, read };
}

function callArbitrary(dialect: DialectUnderTest, text: fc.Arbitrary<string>): fc.Arbitrary<RenderedCall> {
  const key = dialect.key ?? defaultKey;
  return fc.record({
    name: dialect.toolName ?? defaultToolName,
    args: fc.dictionary(key, valueOf(text, dialect.values ?? 'json'), { minKeys: dialect.minKeys ?? 0, maxKeys: 4, noNullPrototype: true }),
  });
}

/**
 * Runs both properties for `dialect`: markup-laden strings (same, corrected, or same text when
 * verbatim) and plain strings (always the same call). `numRuns` defaults to 2,000 for the
 * markup property and a tenth of it (at least 100) for plain strings, scaled by REINS_PROPERTY_SCALE.
 */
export function checkRoundTrip(dialect: DialectUnderTest, options: { numRuns?: number; protocol?: ProtocolName; seed?: number } = {}): void {
  const numRuns = propertyRuns(options.numRuns ?? 2_000);
  const settings = { numRuns, ...(options.seed === undefined ? {} : { seed: options.seed }) };
  fc.assert(
    fc.property(callArbitrary(dialect, markupText), (call) => {
      fc.pre(!dialect.cannotHold?.test(JSON.stringify(call.args)));
      const outcome = judgeRoundTrip(dialect, call, options.protocol);
      if (outcome.verdict === 'misread') expect.fail(`${dialect.name} misread ${JSON.stringify(outcome.text)} as ${JSON.stringify(outcome.read)}`);
    }),
    settings,
  );
  fc.assert(
    fc.property(callArbitrary(dialect, plainText), (call) => {
      const outcome = judgeRoundTrip(dialect, call, options.protocol);
      if (outcome.verdict !== 'same') expect.fail(`${dialect.name} read ${JSON.stringify(outcome.text)} as ${JSON.stringify(outcome.read)}`);
    }),
    { ...settings, numRuns: Math.max(100, Math.floor(numRuns / 10)) },
  );
}
