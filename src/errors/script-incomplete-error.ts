import { isErrorNamed, ReinsError } from './reins-error.ts';

/** `ScriptedModel.assertComplete()` found steps of the script that were never used (reins/testing). */
export class ScriptIncompleteError extends ReinsError {
  static readonly errorName = 'Reins_ScriptIncompleteError';
  static override isInstance = isErrorNamed<ScriptIncompleteError>(ScriptIncompleteError.errorName);
  readonly fault = 'user' as const;
  readonly scriptLength: number;
  readonly used: number;

  constructor(scriptLength: number, used: number) {
    super(`Scripted model used ${used} of ${scriptLength} step(s).`);
    this.scriptLength = scriptLength;
    this.used = used;
  }
}
