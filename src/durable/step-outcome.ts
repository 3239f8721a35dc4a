/**
 * What a step checkpoints when the code it runs throws: the error's JSON-safe fields
 * (`storedError`), so a recovered workflow throws the same error again. `revivedError` gives back
 * an Error with the same name, message and fields; a reins error keeps its `Symbol.for` markers, so
 * `ReinsError.isInstance` and each class's `isInstance` (e.g. `ToolTimeoutError.isInstance`) hold
 * as they did in the process that ran the step, and the loop words it to the model the same way.
 */
import { storedError } from '../sessions/run-records/record-from-event.ts';
import type { StoredError } from '../sessions/run-records/run-record.ts';

export type StepOutcome<T> = { value: T } | { thrown: StoredError };

export function thrownOutcome(error: unknown): { thrown: StoredError } {
  return { thrown: storedError(error) };
}

function revivedError(stored: StoredError): Error {
  const { name, message, ...fields } = stored;
  const error = Object.assign(new Error(message), fields, { name });
  if (name.startsWith('Reins_')) {
    const markers = error as unknown as Record<symbol, boolean>;
    markers[Symbol.for('reins.error')] = true;
    markers[Symbol.for(`reins.error.${name}`)] = true;
  }
  return error;
}

/** Runs `fn`, turning a throw into the outcome a step checkpoints. */
export async function outcomeOf<T>(fn: () => Promise<T>): Promise<StepOutcome<T>> {
  try {
    return { value: await fn() };
  } catch (error) {
    return thrownOutcome(error);
  }
}

/** The value, or the revived error thrown. */
export function unwrapOutcome<T>(outcome: StepOutcome<T>): T {
  if ('thrown' in outcome) throw revivedError(outcome.thrown);
  return outcome.value;
}
