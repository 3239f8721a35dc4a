import { ModelCallError } from '../errors/model-call-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import type { RunState } from './run-state.ts';

/**
 * What a throw of the model itself ends the turn with: a ReinsError (or a cancellation) as it is,
 * anything else as a non-retryable ModelCallError with the cause. Throws of reins' own code after
 * the model answered are not passed through here: they are bugs (InternalError).
 */
export function modelFailure(state: RunState, error: unknown): unknown {
  if (state.signal.aborted || ReinsError.isInstance(error)) return error;
  return new ModelCallError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, {
    provider: state.model.provider,
    modelId: state.model.modelId,
    isRetryable: false,
    cause: error,
  });
}
