/**
 * What `Server.createMessage` / `Server.elicitInput` threw, as a typed `SamplingRequestError`: the
 * SDK's `ProtocolError` (the client answered with a JSON-RPC error; -1 is the spec's user rejection)
 * and `SdkError` (timeout, closed connection, missing capability) become a reason. An aborted signal
 * wins over what the SDK reports (it reports an abort as a timeout), except a closed connection
 * (which aborts the tool call's signal too).
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { RequestStateError } from '../errors/request-state-error.ts';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { SamplingRequestError, type SamplingRequestFailure } from '../errors/sampling-request-error.ts';
import { RoundTripSuspend } from './round-trip-replay.ts';

/** The JSON-RPC code of "User rejected sampling request" (MCP spec, client/sampling). */
const userRejected = -1;

const sdkReasons: Partial<Record<SdkErrorCode, SamplingRequestFailure>> = {
  [SdkErrorCode.RequestTimeout]: 'timeout',
  [SdkErrorCode.ConnectionClosed]: 'connection-closed',
  [SdkErrorCode.NotConnected]: 'connection-closed',
  [SdkErrorCode.SendFailed]: 'connection-closed',
  [SdkErrorCode.CapabilityNotSupported]: 'unsupported',
};

const phrases: Record<SamplingRequestFailure, string> = {
  rejected: 'the client rejected it',
  timeout: 'the client did not answer in time',
  cancelled: 'it was cancelled',
  'connection-closed': 'the connection to the client is closed',
  unsupported: 'the client does not support it',
  protocol: 'the client answered with an error',
};

function toRequestError(
  error: unknown,
  method: 'sampling' | 'elicitation' | 'roots',
  signal: AbortSignal | undefined,
): SamplingRequestError {
  if (SamplingRequestError.isInstance(error)) return error;
  let reason: SamplingRequestFailure;
  let code: number | undefined;
  const sdkReason = error instanceof SdkError ? sdkReasons[error.code] : undefined;
  // A closing connection also aborts the tool call's signal: the closed link is the cause to report.
  if (sdkReason === 'connection-closed') reason = sdkReason;
  else if (signal?.aborted) reason = 'cancelled';
  else if (error instanceof ProtocolError) {
    code = error.code;
    reason = error.code === userRejected ? 'rejected' : 'protocol';
  } else reason = sdkReason ?? 'protocol';
  const detail = error instanceof Error ? error.message : String(error);
  const request = method === 'sampling' ? 'sampling/createMessage' : 'elicitation/create';
  return new SamplingRequestError(`The ${request} request failed: ${phrases[reason]} (${detail}).`, {
    method,
    reason,
    ...(code === undefined ? {} : { code }),
    cause: error,
  });
}

/**
 * Rethrows what a client request rejected with: the round-trip signals (a suspension, refused state,
 * a missing `resumableTool`) as they are, anything else as `SamplingRequestError`.
 */
export function rethrowRequestError(error: unknown, method: 'sampling' | 'elicitation' | 'roots', signal: AbortSignal | undefined): never {
  if (RoundTripSuspend.isSuspend(error) || RequestStateError.isInstance(error) || SampleConfigError.isInstance(error)) throw error;
  throw toRequestError(error, method, signal);
}
