/**
 * The first call a task accepts, written out: each parameter with its first accepted value other
 * than `""` (left out when `""` is all it accepts), and in a dictionary value each key the same way.
 * What a model that answers right would send; the test model and the subset script use it.
 */
import type { EvalCall, ExpectedCall } from '../spec/eval-report.ts';

export function acceptedCall(expected: ExpectedCall): EvalCall {
  return { name: expected.name, args: chooseEach(expected.args) };
}

/** Each key's first accepted value other than `""`; keys that accept only `""` are left out. */
function chooseEach(options: Record<string, unknown>): Record<string, unknown> {
  const chosen: Record<string, unknown> = {};
  for (const [key, accepted] of Object.entries(options)) {
    const list = Array.isArray(accepted) ? accepted : [accepted];
    const first = list.find((value) => value !== '');
    if (first !== undefined || !list.includes('')) chosen[key] = written(first);
  }
  return chosen;
}

/** An accepted value as a value: a dictionary's keys hold lists of accepted values, lists hold values. */
function written(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(written);
  if (typeof value === 'object' && value !== null) return chooseEach(value as Record<string, unknown>);
  return value;
}
