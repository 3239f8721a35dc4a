/**
 * Reads reins' `json` protocol (seed 000): JSON objects `{ "action": ... }` anywhere in the text, in
 * fences or among prose; an array of such objects counts as several actions.
 */
import { findJsonSpans, type JsonSpan, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, type JsonReading, readJson } from '../extract/read-json.ts';
import { type DialectReader, failedReading, type Reading } from '../reading.ts';

const decisionActions = new Set(['call_tool', 'ask_user', 'answer_user']);

function isDecisionLike(value: unknown, primary: boolean): boolean {
  if (!isRecord(value)) return false;
  return primary ? 'action' in value : decisionActions.has(value.action as string);
}

/**
 * The spans of `text`. A reply that is exactly one JSON object (the clean case) is one span: parsing
 * it whole gives what the scan would, without scanning it first.
 */
function spansOf(text: string): Array<JsonSpan & { json?: JsonReading }> {
  if (text.startsWith('{') && text.endsWith('}')) {
    try {
      const json: JsonReading = { ok: true, value: JSON.parse(text), repaired: false };
      return [{ text, start: 0, end: text.length, complete: true, json }];
    } catch {
      // not one object: scan
    }
  }
  return findJsonSpans(text);
}

export const jsonDecisionReader: DialectReader = {
  dialect: 'json',
  needs: '{', // findJsonSpans finds candidates only at a `{`
  read(text, { primary }): Reading | undefined {
    const spans = spansOf(text);
    const items: unknown[] = [];
    const whole = spans.length === 1 && spans[0]?.start === 0 && spans[0].end === text.length;
    let repaired = !whole && textOutside(text, spans).trim() !== '';
    let firstObject: unknown;
    let unreadable: string | undefined;
    for (const span of spans) {
      const json = span.json ?? readJson(span.text);
      if (!json.ok) {
        unreadable ??= json.message;
        continue;
      }
      // An array counts as several actions; no temporary arrays: this runs on every json turn.
      const value = json.value;
      const before = items.length;
      if (Array.isArray(value)) {
        for (const element of value) if (isDecisionLike(element, primary)) items.push(element);
      } else if (isDecisionLike(value, primary)) items.push(value);
      if (items.length > before) repaired ||= json.repaired;
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (firstObject === undefined && isRecord(first)) firstObject = first;
    }
    if (items.length) return { dialect: 'json', items, thoughts: [], repaired };
    if (!primary) return undefined;
    if (firstObject !== undefined) return { dialect: 'json', items: [firstObject], thoughts: [], repaired, weak: true };
    if (unreadable) return failedReading('json', { kind: 'invalid-json', message: unreadable });
    return undefined;
  },
};
