/**
 * Counts the tokens of one model call: into the run's total, into the entry of the current step
 * (a step's retries and a best-effort last turn count in the step they belong to), and whether any
 * of it was estimated because a stream stopped before the provider reported usage.
 */
import { addUsage, emptyUsage, type Usage } from '../spec/model.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';

export function countUsage(state: RunState, raw: Pick<RawTurn, 'usage' | 'usageEstimated'>): void {
  state.usage = addUsage(state.usage, raw.usage);
  const index = Math.max(state.step, 1) - 1;
  state.stepUsage[index] = addUsage(state.stepUsage[index] ?? emptyUsage(), raw.usage);
  if (raw.usageEstimated) state.usageEstimated = true;
}

/** One entry per step taken (steps without a model call of their own count zero). */
export function usagePerStep(state: Pick<RunState, 'stepUsage' | 'step'>): Usage[] {
  const steps = Math.max(state.step, state.stepUsage.length);
  return Array.from({ length: steps }, (_, index) => state.stepUsage[index] ?? emptyUsage());
}
