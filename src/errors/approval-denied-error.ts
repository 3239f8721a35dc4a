import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A tool call needing approval was refused (by the `approval` policy, by the user, or because the
 * UserChannel has no `approve`). Fed back to the model as an observation, like a tool failure.
 */
export class ApprovalDeniedError extends ReinsError {
  static readonly errorName = 'Reins_ApprovalDeniedError';
  static override isInstance = isErrorNamed<ApprovalDeniedError>(ApprovalDeniedError.errorName);
  readonly fault = 'tool' as const;
  readonly toolName: string;
  /** Who refused: the policy, the user, or nobody could be asked. */
  readonly deniedBy: 'policy' | 'user' | 'no-approver';

  constructor(toolName: string, deniedBy: ApprovalDeniedError['deniedBy']) {
    const why =
      deniedBy === 'no-approver' ? 'it needs approval and no one can approve it here' : `the ${deniedBy} refused it`;
    super(`The call to ${toolName} was not run: ${why}.`);
    this.toolName = toolName;
    this.deniedBy = deniedBy;
  }
}
