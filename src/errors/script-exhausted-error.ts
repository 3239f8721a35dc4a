import { isErrorNamed, ReinsError } from './reins-error.ts';

/** A `ScriptedModel` was called more times than its script has steps (reins/testing). */
export class ScriptExhaustedError extends ReinsError {
  static readonly errorName = 'Reins_ScriptExhaustedError';
  static override isInstance = isErrorNamed<ScriptExhaustedError>(ScriptExhaustedError.errorName);
  readonly fault = 'user' as const;
  /** Steps in the script. */
  readonly scriptLength: number;
  /** 1-based number of the call that found no step. */
  readonly call: number;

  constructor(scriptLength: number, call: number) {
    super(`Scripted model called ${call} times but the script has ${scriptLength} step(s).`);
    this.scriptLength = scriptLength;
    this.call = call;
  }
}
