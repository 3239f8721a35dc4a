import { ModelCallError } from '../errors/model-call-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import type { RunContext } from './run-state.ts';
import { describeThrown } from '../errors/describe-thrown.ts';

/**
 * What a throw of the model itself ends the turn with: a ReinsError (or a cancellation) as it is,
 * anything else as a non-retryable ModelCallError with the cause. Throws of reins' own code after
 * the model answered are not passed through here: they are bugs (InternalError).
 */
export function modelFailure(context: Pick<RunContext, 'signal' | 'model'>, error: unknown): unknown {
  if (context.signal.aborted || ReinsError.isInstance(error)) return error;
  return new ModelCallError(`The model call failed: ${describeThrown(error)}`, {
    provider: context.model.provider,
    modelId: context.model.modelId,
    isRetryable: false,
    cause: error,
  });
}
