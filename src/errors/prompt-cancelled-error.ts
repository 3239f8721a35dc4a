import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * The human could not be asked: the prompt was cancelled (Esc, Ctrl-C) or the input ended (stdin
 * closed) while a question or an approval waited. The run is cancelled and kept, so it can be
 * resumed and the question asked again. Never retried.
 */
export class PromptCancelledError extends ReinsError {
  static readonly errorName = 'Reins_PromptCancelledError';
  static override isInstance = isErrorNamed<PromptCancelledError>(PromptCancelledError.errorName);
  readonly fault = 'cancelled' as const;
  /** `cancelled`: the user cancelled the prompt; `input-ended`: there is no more input to read. */
  readonly reason: 'cancelled' | 'input-ended';

  constructor(reason: PromptCancelledError['reason'], options: { cause?: unknown } = {}) {
    super(reason === 'cancelled' ? 'The prompt was cancelled.' : 'The input ended while the run waited for a reply.', options);
    this.reason = reason;
  }
}
