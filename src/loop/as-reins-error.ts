/**
 * A failure around the loop (setting a run up, the store's last write) as the run's error: a typed
 * error as it is, anything else as an InternalError.
 */
import { InternalError } from '../errors/internal-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { describeThrown } from '../errors/describe-thrown.ts';

export function asReinsError(error: unknown): ReinsError {
  if (ReinsError.isInstance(error)) return error;
  const detail = describeThrown(error);
  return new InternalError('run setup', { cause: error, message: `The run could not start: ${detail}` });
}
