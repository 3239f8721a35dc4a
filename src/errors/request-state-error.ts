import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why a retried 2026-07-28 request's `requestState` was refused. */
export type RequestStateFailure =
  | 'tampered' // the MAC does not match, the value is malformed, or it was minted for another principal or method
  | 'expired' // older than the TTL of the server's round-trip state
  | 'other-call' // minted for a tool call with other arguments
  | 'not-deterministic'; // the handler asked something other than what the recorded round answered (re-entrant code changed its requests)

/**
 * The `requestState` a client echoed back on a 2026-07-28 retry (SEP-2322) cannot be trusted or
 * no longer matches the handler. The server refuses the round; the client must start the call again.
 */
export class RequestStateError extends ReinsError {
  static readonly errorName = 'Reins_RequestStateError';
  static override isInstance = isErrorNamed<RequestStateError>(RequestStateError.errorName);
  readonly fault: 'transport' | 'internal';
  readonly reason: RequestStateFailure;

  constructor(message: string, fields: { reason: RequestStateFailure; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.reason = fields.reason;
    this.fault = fields.reason === 'not-deterministic' ? 'internal' : 'transport';
  }
}
