/**
 * Coverage across dialects: a reply is read by the first dialect that validates, and the rest of the
 * reply must not hold a call that reading left out (a bare JSON call beside a `<tool_call>` block, a
 * second call in another format). Every other dialect present in the text is read too; a call one of
 * them finds that the accepted reading does not hold (by tool and arguments, counted) is a
 * correction, never a silent drop: which of the calls the model meant to run is not reins' guess.
 * So is a dialect that is certainly present (its reading conclusive) but could not be read.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { DialectReader, ReadFailure, ReaderContext, Reading } from './reading.ts';
import { driftReaderMasks, driftReaders, mayRead } from './dialects/drift-readers.ts';
import { flatCallDialect, flatCallItems } from './dialects/flat-call-object.ts';
import { isRecord } from './extract/read-json.ts';
import { stringValues } from './extract/string-values.ts';
import { sanitizeName } from './sanitize.ts';

/** A value as text without whitespace: two readers of the same markup may type it differently (`"3"` and 3, `'{"a": 1}'` and the object). */
const fingerprint = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '').replace(/\s+/g, '');

/** `call_tool:name(city=Oslo,days=3)`, `answer_user`, ... for a decision candidate; undefined for anything else. */
function keyOf(item: unknown): string | undefined {
  if (!isRecord(item) || typeof item.action !== 'string') return undefined;
  if (item.action !== 'call_tool') return item.action;
  const args = isRecord(item.args) ? Object.keys(item.args).sort().map((key) => `${key}=${fingerprint((item.args as Record<string, unknown>)[key])}`) : [];
  return `call_tool:${String(item.tool)}(${args.join(',')})`;
}

function countKeys(items: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

type Spans = Reading['spans'];

/** True when every span of `inner` lies inside one span of `outer` (false when either reader reported none). */
function within(inner: Spans, outer: Spans): boolean {
  if (!inner || !outer || inner.length === 0) return false;
  return inner.every(([start, end]) => outer.some(([from, to]) => from <= start && end <= to));
}

/** Adds every key of `value`'s objects, nested ones and those in lists included, to `keys`. */
function collectKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, keys);
  else if (isRecord(value)) {
    for (const [key, field] of Object.entries(value)) {
      keys.add(key);
      collectKeys(field, keys);
    }
  }
}

/** The first call another dialect reads in `text` that `accepted` does not hold, as a failure; undefined when there is none. */
export function uncoveredCall(text: string, accepted: Reading, tools: readonly ToolSpec[], present: number): ReadFailure | undefined {
  const held = countKeys(accepted.items);
  // Markup inside an accepted call's values (an HTML document holding `<html>`) is that value, not a call.
  const values = accepted.items.flatMap((item) => (isRecord(item) ? stringValues(item.args) : []));
  const argumentKeys = new Set<string>();
  for (const item of accepted.items) if (isRecord(item)) collectKeys(item.args, argumentKeys);
  let context: ReaderContext | undefined;
  for (let index = 0; index < driftReaders.length; index++) {
    const reader = driftReaders[index] as DialectReader;
    if (reader.dialect === accepted.dialect || !mayRead(driftReaderMasks[index] as number, present)) continue;
    context ??= { tools, primary: false };
    const other = reader.read(text, context);
    // A dialect certainly present but unreadable is a call attempt the reading left out.
    if (other?.failure && other.conclusive) return other.failure;
    // Flat JSON calls amid the text are refused on their own (`flat-call-object.ts`), yet each is a
    // call the reading must hold.
    const items = other?.failure && other.dialect === flatCallDialect ? flatCallItems(text, tools) : other?.items;
    if (!other || !items || items.length === 0) continue;
    // An argument element named like a tool (`<invoke name="query"><query>..</query>`, also a nested
    // object's member), read by another dialect wholly inside the calls read, is their argument, not a call of its own.
    if (within(other.spans, accepted.spans) && items.every((item) => isRecord(item) && typeof item.tool === 'string' && argumentKeys.has(item.tool))) continue;
    for (const [key, count] of countKeys(items)) {
      if (!key.startsWith('call_tool:') || (held.get(key) ?? 0) >= count) continue;
      const tool = key.slice('call_tool:'.length, key.indexOf('('));
      if (values.some((value) => value.includes(tool))) continue;
      const name = sanitizeName(tool);
      const message = `the reply also holds a call of \`${name}\` written in another form (${other.dialect}) than the ${accepted.dialect} call(s) read: write every call in one form`;
      return { kind: 'no-decision', message, toolName: name };
    }
  }
  return undefined;
}
