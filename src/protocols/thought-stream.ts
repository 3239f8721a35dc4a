/**
 * Reads a protocol's typed thoughts out of a streamed turn as each one completes, so the loop can
 * show them (`decision-delta` with `thought`) before the decision is read. One per streamed turn
 * (`Codec.thoughtStream`); linear in the streamed text.
 */
import type { Thought } from '../spec/decision.ts';

export interface ThoughtStream {
  /** The thoughts completed by this delta of the streamed text. */
  update(delta: string): Thought[];
  /** The thoughts of the final decision that `update` did not report (by position), then counted as reported. */
  remaining(all: readonly Thought[]): Thought[];
}
