/**
 * Runs one tool call under a deadline and the caller's AbortSignal. The work gets its own signal,
 * aborted by whichever comes first, with that one's reason: the caller's, or a ToolTimeoutError the
 * tool can read. The call settles then even if the work ignores its signal. The caller's signal is
 * followed by a listener, and the deadline's timer cleared, when the call ends (most calls end long
 * before their deadline). Not `AbortSignal.any`: its weakly held links cost the garbage collector
 * more than the whole rest of a tool call, on every call of every run.
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
  const controller = new AbortController();
  const timer =
    timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => controller.abort(new ToolTimeoutError(toolName, timeoutMs)), timeoutMs)
      : undefined;
  const followCaller = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', followCaller, { once: true });
  try {
    return await untilAborted(() => work(controller.signal), controller.signal);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', followCaller);
  }
}
