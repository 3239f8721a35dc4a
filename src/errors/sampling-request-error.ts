import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why a server -> client request (`sampling/createMessage` or `elicitation/create`) got no result. */
export type SamplingRequestFailure =
  | 'rejected' // the client refused it: the spec's "User rejected sampling request" (JSON-RPC code -1)
  | 'timeout' // no answer within `timeoutMs`
  | 'cancelled' // the tool call's signal (or the one passed) aborted the request
  | 'connection-closed' // the connection to the client closed, or was never open
  | 'unsupported' // the client did not declare the capability the request needs (e.g. `sampling.tools`)
  | 'protocol'; // any other failure: a JSON-RPC error from the client (`code`), or the SDK's own

/**
 * The client did not answer a sampling or elicitation request a tool made through `reins/server`.
 * Fault `transport` (the other side or the link failed; `isRetryable` only for a timeout), except
 * `cancelled`, whose fault is `cancelled`. The SDK's error is the `cause`.
 */
export class SamplingRequestError extends ReinsError {
  static readonly errorName = 'Reins_SamplingRequestError';
  static override isInstance = isErrorNamed<SamplingRequestError>(SamplingRequestError.errorName);
  readonly fault: 'transport' | 'cancelled';
  /** Which request failed: `sampling` (`sample`, `sampleSchema`, `sampleTools`) or `elicitation` (`elicit`). */
  readonly method: 'sampling' | 'elicitation' | 'roots';
  readonly reason: SamplingRequestFailure;
  /** The JSON-RPC error code the client answered with, for `rejected` and `protocol`. */
  readonly code?: number;
  /** True for a timeout: the same request may be sent again. */
  readonly isRetryable: boolean;

  constructor(
    message: string,
    fields: { method: 'sampling' | 'elicitation' | 'roots'; reason: SamplingRequestFailure; code?: number; cause?: unknown },
  ) {
    super(message, { cause: fields.cause });
    this.method = fields.method;
    this.reason = fields.reason;
    this.code = fields.code;
    this.isRetryable = fields.reason === 'timeout';
    this.fault = fields.reason === 'cancelled' ? 'cancelled' : 'transport';
  }
}
