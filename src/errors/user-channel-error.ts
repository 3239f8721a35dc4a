import { isErrorNamed, ReinsError } from './reins-error.ts';
import { describeThrown } from './describe-thrown.ts';

/** A callback the developer supplied (the UserChannel or the `approval` policy) threw. Never retried. */
export class UserChannelError extends ReinsError {
  static readonly errorName = 'Reins_UserChannelError';
  static override isInstance = isErrorNamed<UserChannelError>(UserChannelError.errorName);
  readonly fault = 'user' as const;
  /** Which callback failed. */
  readonly operation: 'ask' | 'approve' | 'approval-policy';

  constructor(operation: UserChannelError['operation'], cause: unknown) {
    const detail = describeThrown(cause);
    super(`The ${operation} callback failed: ${detail}`, { cause });
    this.operation = operation;
  }
}
