import type { ModelMessage } from '../spec/model.ts';

/** What every error that ends a run carries: the history so far, for inspection or resume. */
export interface RunSnapshot {
  /** The messages of the run up to the failure (the model's view of the conversation). */
  transcript: ModelMessage[];
  /** Steps completed before the failure. */
  steps: number;
}
