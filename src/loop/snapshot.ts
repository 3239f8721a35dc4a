/** The history and step count a run had when an error ended it, for the typed errors that carry them. */
import type { RunState } from './run-state.ts';

/** A copy of the history and step count, for the errors that end a run. */
export function snapshot(state: RunState): { transcript: RunState['transcript']['messages']; steps: number } {
  return { transcript: [...state.transcript.messages], steps: state.counters.step };
}
