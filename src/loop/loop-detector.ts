/**
 * Loop detection: the same tool with the same arguments N times in a row (N = `loopThreshold`).
 * The Nth identical call is not run (the model gets a corrective observation); the next identical
 * one stops the run. Any other decision resets the streak.
 */
import type { CallToolDecision } from '../spec/decision.ts';
import type { RunState } from './run-state.ts';

export type RepeatVerdict = 'run' | 'warn' | 'stop';

export function trackRepeat(state: RunState, decision: CallToolDecision): RepeatVerdict {
  const key = `${decision.tool}\u0000${stableStringify(decision.args)}`;
  // Counted in place: the streak is the run's own object (nothing else holds it), no new one per call.
  const repeat = state.counters.repeat;
  if (repeat.key === key) repeat.count += 1;
  else {
    repeat.key = key;
    repeat.count = 1;
  }
  const threshold = state.context.policies.loopThreshold;
  if (repeat.count < threshold) return 'run';
  return repeat.count === threshold ? 'warn' : 'stop';
}

export function resetRepeat(state: RunState): void {
  state.counters.repeat = { key: '', count: 0 };
}

export function loopWarning(decision: CallToolDecision, count: number): string {
  return (
    `Not run: you called ${decision.tool} with the same arguments ${count} times in a row, and the result will not change. ` +
    'Use the results you already have, call something different, or answer. Repeating this call ends the run.'
  );
}

/**
 * JSON with object keys sorted, so `{a,b}` and `{b,a}` compare equal. A value whose objects all
 * have their keys in order already (nearly every model's arguments) is written by plain
 * `JSON.stringify`, which has a fast path a replacer function turns off; the result is the same.
 */
export function stableStringify(value: unknown): string {
  return keysInOrder(value, 0) ? JSON.stringify(value) : sortedStringify(value);
}

/** `JSON.stringify` sorting every object's keys (the replacer's way; also the reference in tests). */
export function sortedStringify(value: unknown): string {
  return JSON.stringify(value, withSortedKeys);
}

/** Deeper than this the quick check gives up (and a cycle ends): the replacer path decides. */
const quickCheckDepth = 32;

/**
 * True when `withSortedKeys` would return every value of `value` as it is: no object with keys out
 * of order, and no `toJSON` (the replacer sees what `toJSON` returns, which this walk does not).
 */
function keysInOrder(value: unknown, depth: number): boolean {
  if (!value || typeof value !== 'object') return true;
  if (depth > quickCheckDepth || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!keysInOrder(value[index], depth + 1)) return false;
    return true;
  }
  let previous: string | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (previous !== undefined && !(previous < key)) return false;
    previous = key;
    if (!keysInOrder((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** An object with its keys sorted; one whose keys are in order already (the usual case) is used as is. */
function withSortedKeys(_key: string, inner: unknown): unknown {
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
  const keys = Object.keys(inner);
  let sorted = true;
  for (let index = 1; index < keys.length && sorted; index++) sorted = (keys[index - 1] as string) < (keys[index] as string);
  if (sorted) return inner;
  return Object.fromEntries(keys.sort().map((key) => [key, (inner as Record<string, unknown>)[key]]));
}
