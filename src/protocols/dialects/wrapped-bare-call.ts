/**
 * A reply that is one element or token pair named for a call around calls written in a form reins
 * reads bare: `<function_call>get_weather{"city": "Oslo"}</function_call>`,
 * `<|tool_call|>get_weather(city="Oslo")<|/tool_call|>`, `<invoke>get_weather\n{"city": "Oslo"}</invoke>`.
 * Every framework names its call wrapper its own way (`call-named-element.ts` tells a call's name from
 * any other), and the calls inside are read by the readers of bare calls (an offered tool's name then
 * its JSON arguments, `name-then-json.ts`; a keyword call, `bare-python-calls.ts`; a list of keyword
 * calls, `[name(k=v), ..]`, `pythonic-calls.ts`; an element named after an offered tool,
 * `<tool_call><read_file><path>a</path></read_file></tool_call>`, `tool-name-tags.ts`), which must account
 * for the whole body: anything else inside, a wrapper never closed or text outside it is left to the
 * call-attempt check, which corrects it.
 */
import type { DialectReader, Reading } from '../reading.ts';
import { barePythonCallsReader } from './bare-python-calls.ts';
import { isCallElementName } from './call-named-element.ts';
import { nameThenJsonReader } from './name-then-json.ts';
import { pythonicCallsReader } from './pythonic-calls.ts';
import { toolNameTagsReader } from './tool-name-tags.ts';

/** The dialect name of this reader's readings (`wider-reading.ts` lets only these widen a partial reading). */
export const wrappedBareCallDialect = 'wrapped-bare-call';
const dialect = wrappedBareCallDialect;
/** The whole reply as `<name>body</name>` or `<|name|>body<|/name|>`. */
const wrapped = /^<(\|?)([A-Za-z][\w:.-]*)\1>([\s\S]*)<\1\/\2\1>$/;

/** True when `spans` cover every character of `body` that is not space. */
function covers(body: string, spans: ReadonlyArray<readonly [number, number]>): boolean {
  let from = 0;
  for (const [start, end] of [...spans].sort((left, right) => left[0] - right[0])) {
    if (body.slice(from, start).trim() !== '') return false;
    from = Math.max(from, end);
  }
  return body.slice(from).trim() === '';
}

/** A reader of calls inside a wrapper; `whole`: it reads a text only when the text is nothing but calls. */
type InnerReader = { reader: DialectReader; whole: boolean };

/** The reply read as one call wrapper around calls `inner` reads, the whole body; undefined otherwise. */
function readWrapped(text: string, context: Parameters<DialectReader['read']>[1], inner: readonly InnerReader[]): Reading | undefined {
  const match = wrapped.exec(text.trim());
  if (!match || !isCallElementName(match[2] ?? '')) return undefined;
  const body = match[3] ?? '';
  for (const { reader, whole } of inner) {
    const reading = reader.read(body.trim(), context);
    if (!reading) continue;
    // A call inside that could not be read (cut off, a value to guess) is its reader's correction.
    if (reading.failure) return { ...reading, dialect };
    if (reading.coverageOnly || !(whole || (reading.spans && covers(body.trim(), reading.spans)))) return undefined;
    return { ...reading, dialect, spans: [[text.length - text.trimStart().length, text.trimEnd().length]] };
  }
  return undefined;
}

const bareCalls: readonly InnerReader[] = [
  { reader: nameThenJsonReader, whole: true },
  { reader: barePythonCallsReader, whole: false },
  { reader: pythonicCallsReader, whole: false },
];

export const wrappedBareCallReader: DialectReader = {
  dialect,
  needs: '<',
  read: (text, context) => readWrapped(text, context, bareCalls),
};

/**
 * The same wrapper around tool-name tags: tried before the tags alone (`drift-readers.ts`), so the
 * wrapper is never read as a plan's text before the first tag.
 */
export const wrappedToolTagsReader: DialectReader = {
  dialect,
  needs: '<',
  read: (text, context) => readWrapped(text, context, [{ reader: toolNameTagsReader, whole: false }]),
};
