/**
 * Kimi K3 tool calls: a `tools` block of calls, each a `call` block of `argument` blocks, every block
 * opened by `<|open|>kind attributes<|sep|>` and closed by `<|close|>kind<|sep|>`:
 *
 *   <|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>
 *   <|open|>argument key="city" type="string"<|sep|>Oslo<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>
 *
 * Attribute values are XML-escaped (`tool="a&amp;b"` names `a&b`); an argument's value is written as
 * is, between the tags. `type="string"` takes the text as written; any other type is read by the
 * tool's schema (`xml-parameters.ts`: JSON text as JSON where the schema allows it, else the text, as
 * sglang keeps `{not json` for `type="object"`). Calls are parsed to their end (`tag-calls.ts`), so a
 * value may hold the family's own tokens. A call may instead give its arguments as one JSON object in a
 * `json` block (`<|open|>json type="object"<|sep|>{"city": "Oslo"}<|close|>json<|sep|>`), read with
 * the guards of every JSON. The reply text sits in a `response` block
 * (`extract/reply-markers.ts`).
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { type CallForm, parseCalls, type RawParameter } from './tag-calls.ts';
import { jsonArguments, parameterArguments, type ParametersReading } from './xml-parameters.ts';

const dialect = 'kimi-k3';
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute value as meant: XML entities resolved (`&amp;` -> `&`, `&#34;` -> `"`). */
const attribute = (text: string) =>
  text.replace(/&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([\da-f]+));/gi, (whole, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name) return entities[name.toLowerCase()] ?? whole;
    const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const form: CallForm = {
  dialect,
  open: /<\|open\|>call\s+tool="(?<name>[^"]*)"[^<]*?<\|sep\|>/g,
  close: () => '<|close|>call<|sep|>',
  parameters: [
    { open: /<\|open\|>argument\s+key="(?<key>[^"]*)"(?:[^<]*?\btype="(?<hint>[^"]*)")?[^<]*?<\|sep\|>/y, close: '<|close|>argument<|sep|>' },
    // The whole arguments as one JSON object: `<|open|>json type="object"<|sep|>{..}<|close|>json<|sep|>`.
    { open: /<\|open\|>(?<hint>json)\s+type="object"[^<]*?<\|sep\|>/y, close: '<|close|>json<|sep|>' },
  ],
};

/** The call's arguments: its argument blocks, or its one JSON block (a JSON block beside others is no single reading). */
function argumentsOf(parameters: readonly RawParameter[], tool: ToolSpec | undefined): ParametersReading {
  const blocks = parameters.filter((parameter) => parameter.hint === 'json');
  if (blocks.length === 0) return parameterArguments(parameters.map(parameterOf), tool, 'verbatim');
  const [only] = parameters;
  if (parameters.length > 1 || !only) return { ok: false, kind: 'invalid-args', message: 'give the arguments either as one json block or as argument blocks, not both' };
  return jsonArguments(only.text);
}

/** The argument as the reader of `xml-parameters.ts` takes it: key resolved, `type="string"` as its string hint. */
const parameterOf = (parameter: RawParameter): RawParameter => ({ key: attribute(parameter.key), text: parameter.text, ...(parameter.hint === 'string' ? { hint: 'true' } : {}) });

export const kimiK3Reader: DialectReader = {
  dialect,
  needs: '<', // `<|open|>call`
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<|open|>call')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    // A call shown as code (in backticks, a fence) is quoted, not made.
    const code = text.includes('`') ? codeRanges(text) : [];
    for (const call of parseCalls(text, form)) {
      if (isInCode(code, call.start)) continue;
      const name = sanitizeName(attribute(call.name));
      if (!call.ok) {
        const message = call.problem === 'unclosed' ? `the call of \`${name}\` is not closed (the output may be cut off)` : `the call of \`${name}\` could not be read (markup in a value, or text between arguments)`;
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName: name }), conclusive: true };
      }
      const tool = tools.find((candidate) => candidate.name === attribute(call.name));
      const args = argumentsOf(call.parameters, tool);
      if (!args.ok) return failedReading(dialect, { kind: args.kind, message: `arguments of \`${name}\`: ${args.message}`, ...(args.details ? { details: args.details } : {}), toolName: name });
      repaired ||= args.repaired;
      items.push(callItem(attribute(call.name), args.args, tools));
      spans.push([call.start, call.end]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
