import { isErrorNamed, ReinsError } from './reins-error.ts';

/** No stored eval has the given id. User fault: a mistyped or deleted id. Never retried. */
export class EvalNotFoundError extends ReinsError {
  static readonly errorName = 'Reins_EvalNotFoundError';
  static override isInstance = isErrorNamed<EvalNotFoundError>(EvalNotFoundError.errorName);
  readonly fault = 'user' as const;
  /** The id that was asked for. */
  readonly evalId: string;

  constructor(evalId: string) {
    super(`No stored eval with id "${evalId}". Run one with \`reins eval --model <model>\`.`);
    this.evalId = evalId;
  }
}
