/**
 * Reads reins' `json` protocol (seed 000): JSON objects `{ "action": ... }` anywhere in the text, in
 * fences or among prose; an array of such objects counts as several actions.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { findJsonSpans, type JsonSpan, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { type DialectReader, failedReading, type Reading } from '../reading.ts';

const decisionActions = new Set(['call_tool', 'ask_user', 'answer_user']);

function isDecisionLike(value: unknown, primary: boolean): boolean {
  if (!isRecord(value)) return false;
  return primary ? 'action' in value : decisionActions.has(value.action as string);
}

/** True when `value.action` names an offered tool and every other key is a parameter that tool declares. */
function namesToolBesideItsParameters(value: Record<string, unknown>, tools: readonly ToolSpec[]): boolean {
  const tool = tools.find((candidate) => candidate.name === value.action);
  const properties = tool?.inputSchema?.properties;
  if (!tool || !isRecord(properties)) return false;
  return Object.keys(value).every((key) => key === 'action' || Object.hasOwn(properties, key));
}

/**
 * A reply that is exactly one JSON object (the clean case): the reading the span scan would give,
 * built without the scan, its span and its `JsonReading` (this runs on every json turn). Undefined
 * when the text is not one object, or when it is but does not read (`undefined` for a drift reader).
 */
function readWholeObject(text: string, primary: boolean, tools: readonly ToolSpec[]): { reading: Reading | undefined } | undefined {
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // not one object: scan
  }
  // A key written twice is the guard's to refuse (`readJson`), with its correction.
  if (duplicateKey(text, value) !== undefined) return undefined;
  // JSON.parse of a text that starts with `{` gives an object, so the scan's one span is a record.
  if (isDecisionLike(value, primary)) {
    // In this protocol `action` is the decision's kind: a tool named there beside its parameters
    // (`{"action": "add", "a": 1}`) is this protocol's mistake to correct, not a flat call of another
    // dialect (`flat-call-object.ts`); an agent step (`"action_input"`) is still read by its reader.
    // A clean turn names a decision kind: no tool lookup on it (this runs on every json turn).
    const misplacedTool = primary && isRecord(value) && !decisionActions.has(value.action as string) && namesToolBesideItsParameters(value, tools);
    const reading: Reading = { dialect: 'json', items: [value], thoughts: [], repaired: false };
    if (misplacedTool) reading.conclusive = true;
    return { reading };
  }
  return { reading: primary ? { dialect: 'json', items: [value], thoughts: [], repaired: false, weak: true } : undefined };
}

/** The reading of `text` from its JSON spans (`findJsonSpans`): the general path. */
export function readJsonSpans(text: string, spans: readonly JsonSpan[], primary: boolean): Reading | undefined {
  const items: unknown[] = [];
  const read: Array<readonly [number, number]> = [];
  const whole = spans.length === 1 && spans[0]?.start === 0 && spans[0].end === text.length;
  let repaired = !whole && textOutside(text, spans).trim() !== '';
  let firstObject: unknown;
  let unreadable: string | undefined;
  for (const span of spans) {
    const json = readJson(span.text);
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
    if (items.length > before) {
      repaired ||= json.repaired;
      read.push([span.start, span.end]);
    }
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (firstObject === undefined && isRecord(first)) firstObject = first;
  }
  // A reply that is one JSON value has no prose to check (as the whole-object fast path reads it).
  if (items.length) return whole ? { dialect: 'json', items, thoughts: [], repaired } : { dialect: 'json', items, thoughts: [], repaired, spans: read };
  if (!primary) return undefined;
  if (firstObject !== undefined) return { dialect: 'json', items: [firstObject], thoughts: [], repaired, weak: true };
  if (unreadable) return failedReading('json', { kind: 'invalid-json', message: unreadable });
  return undefined;
}

export const jsonDecisionReader: DialectReader = {
  dialect: 'json',
  needs: '{', // findJsonSpans finds candidates only at a `{`
  read(text, { primary, tools }): Reading | undefined {
    const whole = readWholeObject(text, primary, tools);
    return whole ? whole.reading : readJsonSpans(text, findJsonSpans(text), primary);
  },
};
