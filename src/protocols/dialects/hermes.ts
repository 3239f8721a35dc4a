/**
 * Hermes / Qwen tool calls: `<tool_call>{"name": .., "arguments": {..}}</tool_call>`, one block per
 * call (the arguments under any key of `callArgumentKeys`: `args` as OpenManus writes them). A block ends where its JSON object ends, not at the first `</tool_call>`: a string value may
 * hold `</tool_call>` or `"}`. Further whole JSON objects right after it, with only space between
 * (`{..}{..}`: Groq's tool-use template writes parallel calls so in one block), are further calls of
 * the block, each read and checked as the first. Other text left between the object and
 * `</tool_call>` makes the block ambiguous and is corrected. An unclosed JSON object closed by `</tool_call>` is read with repair
 * (the call object's last brace left out); one the text ends inside, or whose arguments or a string
 * are still open at `</tool_call>` (or that ends in `,` or `:`), is cut off, and corrected
 * (`call-object.ts`). A `<tool_call>` inside Markdown code (inline or fenced) is
 * quoted, not called, and is not read. A block holding a Qwen3-Coder XML call (`<function=..>`) is
 * left to that reader.
 */
import { closingBracketIndex, cutOffBeforeTag } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { callArgumentKeys, callObjectProblem } from './call-object.ts';

const open = '<tool_call>';
const close = '</tool_call>';
const lead = /\s*(?:```(?:json)?\s*)?/y;
const tail = /\s*(?:```\s*)?/y;
/** The body of a `<tool_call>` holding a Qwen3-Coder XML call (`qwen-xml.ts`). */
const xmlCallBody = /^\s*<(?:function|call|tool|invoke)=/;

/**
 * `bodies`: the block's JSON objects, one per call (most blocks hold one). `complete`: the last object
 * closes, or its `</tool_call>` does (a brace left out is repaired).
 */
type Block = { bodies: string[]; end: number; complete: boolean } | { failure: ReadFailure };

/** Where the whole JSON objects written back to back from `from` (only space between) end, each's [start, end]. */
function objectsAfter(text: string, from: number): Array<readonly [number, number]> {
  const objects: Array<readonly [number, number]> = [];
  const gap = /\s*/y;
  let at = from;
  for (;;) {
    gap.lastIndex = at;
    const start = at + (gap.exec(text)?.[0].length ?? 0);
    if (text[start] !== '{') return objects;
    const end = closingBracketIndex(text, start);
    if (end <= 0) return objects;
    objects.push([start, end]);
    at = end;
  }
}

/** The JSON text of the block whose opening tag ends at `from`, and where the block ends. */
function blockAt(text: string, from: number): Block {
  lead.lastIndex = from;
  const start = from + (lead.exec(text)?.[0].length ?? 0);
  const nextOpen = text.indexOf(open, start);
  const closeAt = text.indexOf(close, start);
  if (text[start] === '{') {
    const objects = objectsAfter(text, start);
    const jsonEnd = objects.at(-1)?.[1] ?? -1;
    if (jsonEnd > 0) {
      const bodies = objects.map(([from, to]) => text.slice(from, to));
      tail.lastIndex = jsonEnd;
      const after = jsonEnd + (tail.exec(text)?.[0].length ?? 0);
      if (after === text.length || text.startsWith(open, after)) return { bodies, end: after, complete: true };
      if (text.startsWith(close, after)) return { bodies, end: after + close.length, complete: true };
      // Stray closing brackets after the object are damage; anything else leaves two readings.
      const junkEnd = closeAt < 0 ? text.length : closeAt;
      if (/^[\s}\]]*(?:```\s*)?$/.test(text.slice(jsonEnd, junkEnd))) return { bodies, end: closeAt < 0 ? text.length : closeAt + close.length, complete: true };
      return { failure: { kind: 'invalid-json', message: '<tool_call>: text follows the JSON object before </tool_call>; write one JSON object per block' } };
    }
  }
  const ends = [closeAt, nextOpen].filter((index) => index >= 0);
  const bodyEnd = ends.length ? Math.min(...ends) : text.length;
  const body = text.slice(start, bodyEnd).replace(/\s*```\s*$/, '');
  // Closed by its tag, the block is complete, unless its tag stands in for more than the call object's
  // own last brace (the arguments never closed, a string still running, or a `,` or `:` asking for
  // more: the object was cut off); ended by the next block or the text's end, it is cut off.
  return { bodies: [body], end: bodyEnd === closeAt ? closeAt + close.length : bodyEnd, complete: bodyEnd === closeAt && !cutOffBeforeTag(body) };
}

export const hermesReader: DialectReader = {
  dialect: 'hermes',
  needs: '<', // `<tool_call>`
  read(text, { tools }): Reading | undefined {
    if (!text.includes(open)) return undefined;
    const code = codeRanges(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let from = 0;
    while (from < text.length) {
      const at = text.indexOf(open, from);
      if (at < 0) break;
      if (isInCode(code, at)) {
        from = at + open.length;
        continue;
      }
      const block = blockAt(text, at + open.length);
      if ('failure' in block) return { ...failedReading('hermes', block.failure), conclusive: true };
      from = Math.max(block.end, at + open.length);
      // A block holding Qwen3-Coder's XML call is that reader's to read; this one reads the JSON blocks
      // around it, so the coverage check sees every call of the reply (`uncovered-call.ts`).
      if (block.bodies.length === 1 && xmlCallBody.test(block.bodies[0] ?? '')) continue;
      for (const [index, body] of block.bodies.entries()) {
        const json = readJson(body.trim());
        // After a call read, a block that cannot be read (cut off, empty) is a second call attempt of
        // this reply: its failure stands, so no other reader returns the first call alone.
        const afterCall = items.length > 0;
        if (!json.ok) return { ...failedReading('hermes', { kind: 'invalid-json', message: `<tool_call>: ${json.message}` }), conclusive: afterCall };
        if (!isRecord(json.value) || typeof json.value.name !== 'string') {
          return { ...failedReading('hermes', { kind: 'schema', message: '<tool_call> must hold {"name": .., "arguments": {..}}' }), conclusive: afterCall || index > 0 };
        }
        // The first argument key the object holds (`args` as OpenManus writes it); a second one is a stray key.
        const argumentKey = callArgumentKeys.find((key) => key in (json.value as Record<string, unknown>));
        const problem = callObjectProblem(json.value, argumentKey, block.complete || index < block.bodies.length - 1);
        if (problem) return { ...failedReading('hermes', problem), conclusive: true };
        const args = argumentsValue(argumentKey === undefined ? undefined : json.value[argumentKey]);
        repaired ||= json.repaired || args.repaired;
        items.push(callItem(json.value.name, args.value, tools));
      }
      spans.push([at, from]);
    }
    return items.length ? { dialect: 'hermes', items, thoughts: [], repaired, spans } : undefined;
  },
};
