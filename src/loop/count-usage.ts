/**
 * Counts the tokens of one model call: into the run's total, into the entry of the current step
 * (a step's retries and a best-effort last turn count in the step they belong to), and whether any
 * of it was estimated because a stream stopped before the provider reported usage.
 */
import { addUsage, emptyUsage, type Usage } from '../spec/model.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunCounters } from './run-state.ts';

/** A step's usage before its first call (never written: `addUsage` makes a new object). */
const noUsage = Object.freeze(emptyUsage());

export function countUsage(counters: RunCounters, raw: Pick<RawTurn, 'usage' | 'usageEstimated'>): void {
  counters.usage = addUsage(counters.usage, raw.usage);
  const index = Math.max(counters.step, 1) - 1;
  counters.stepUsage[index] = addUsage(counters.stepUsage[index] ?? noUsage, raw.usage);
  if (raw.usageEstimated) counters.usageEstimated = true;
}

/** One entry per step taken (steps without a model call of their own count zero). */
export function usagePerStep(counters: Pick<RunCounters, 'stepUsage' | 'step'>): Usage[] {
  const steps = Math.max(counters.step, counters.stepUsage.length);
  return Array.from({ length: steps }, (_, index) => counters.stepUsage[index] ?? emptyUsage());
}
