/**
 * Runs one tool call under a deadline and the caller's AbortSignal. The work gets one signal that
 * aborts on whichever comes first (`AbortSignal.any` of the caller's signal and the deadline's),
 * with that one's reason: the caller's, or a ToolTimeoutError the tool can read. The call settles
 * then even if the work ignores its signal. The deadline's timer is cleared when the call ends
 * (most calls end long before it).
 */
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';
import { untilAborted } from './until-aborted.ts';

export interface ToolTimeoutOptions {
  toolName: string;
  signal?: AbortSignal;
  /** No timeout when undefined, 0 or Infinity. */
  timeoutMs?: number;
}

export async function withToolTimeout<T>(work: (signal: AbortSignal) => T | Promise<T>, options: ToolTimeoutOptions): Promise<T> {
  const { toolName, signal: caller, timeoutMs } = options;
  caller?.throwIfAborted();
  const deadline = new AbortController();
  const timer =
    timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => deadline.abort(new ToolTimeoutError(toolName, timeoutMs)), timeoutMs)
      : undefined;
  const signal = caller ? AbortSignal.any([caller, deadline.signal]) : deadline.signal;
  try {
    return await untilAborted(() => work(signal), signal);
  } finally {
    clearTimeout(timer);
  }
}
