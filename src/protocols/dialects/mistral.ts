/**
 * Mistral tool calls: `[TOOL_CALLS][{"name": .., "arguments": {..}}, ..]` (v3) and
 * `[TOOL_CALLS]name[ARGS]{..}` (v11+, optionally `name[CALL_ID]id[ARGS]{..}`), repeated per call.
 * A `[TOOL_CALLS]` inside Markdown code (inline or fenced) is quoted, not called, and is not read.
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';

const marker = '[TOOL_CALLS]';
const markerPattern = /\[TOOL_CALLS\]/g;
const namedCall = /^\s*([^[\s]+?)\s*(?:\[CALL_ID\]\s*[^[]*?)?\s*\[ARGS\]([\s\S]*)$/;

function readSegment(segment: string): { calls: Array<{ name: unknown; args: unknown }>; repaired: boolean } | string {
  const named = namedCall.exec(segment);
  const jsonText = named ? named[2] ?? '' : segment;
  const span = findJsonSpans(jsonText, 1)[0];
  const json = readJson(span?.text ?? jsonText.trim());
  if (!json.ok) return `${marker}: ${json.message}`;
  if (named) return { calls: [{ name: named[1], args: json.value }], repaired: json.repaired };
  const list = Array.isArray(json.value) ? json.value : [json.value];
  if (!list.every((call) => isRecord(call) && typeof call.name === 'string')) {
    return `${marker} must be followed by [{"name": .., "arguments": {..}}]`;
  }
  const calls = list.map((call) => ({ name: call.name, args: call.arguments ?? call.parameters }));
  return { calls, repaired: json.repaired };
}

export const mistralReader: DialectReader = {
  dialect: 'mistral',
  read(text, { tools }): Reading | undefined {
    if (!text.includes(marker)) return undefined;
    const code = codeRanges(text);
    const starts = [...text.matchAll(markerPattern)].map((match) => match.index).filter((index) => !isInCode(code, index));
    if (starts.length === 0) return undefined;
    const segments = starts.map((start, index) => text.slice(start + marker.length, starts[index + 1] ?? text.length));
    const items: unknown[] = [];
    let repaired = false;
    for (const segment of segments) {
      if (segment.trim() === '') continue;
      const read = readSegment(segment);
      if (typeof read === 'string') return failedReading('mistral', { kind: 'invalid-json', message: read });
      for (const call of read.calls) {
        const args = argumentsValue(call.args);
        repaired ||= read.repaired || args.repaired;
        items.push(callItem(call.name, args.value, tools));
      }
    }
    return items.length ? { dialect: 'mistral', items, thoughts: [], repaired } : undefined;
  },
};
