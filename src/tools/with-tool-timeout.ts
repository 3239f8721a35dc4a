/**
 * Runs one tool call under a timeout and the caller's AbortSignal. The work gets its own signal,
 * aborted on timeout or cancellation; the promise settles at once even if the work ignores it.
 */
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';

export interface ToolTimeoutOptions {
  toolName: string;
  signal?: AbortSignal;
  /** No timeout when undefined, 0 or Infinity. */
  timeoutMs?: number;
}

export async function withToolTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  options: ToolTimeoutOptions,
): Promise<T> {
  // A call cancelled before it starts never runs: the work would otherwise win the race below.
  options.signal?.throwIfAborted();
  /** Aborted by the timeout; the work's signal is this one or the caller's, whichever aborts first. */
  const timeout = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = (reject: (reason: unknown) => void) => () => reject(signal.reason);
  let listener: (() => void) | undefined;
  try {
    const stopped = new Promise<never>((_resolve, reject) => {
      listener = onAbort(reject);
      if (signal.aborted) listener();
      else signal.addEventListener('abort', listener, { once: true });
      const timeoutMs = options.timeoutMs;
      if (timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => timeout.abort(new ToolTimeoutError(options.toolName, timeoutMs)), timeoutMs);
      }
    });
    stopped.catch(() => {}); // settled by the race below; avoid an unhandled rejection when work wins
    return await Promise.race([work(signal), stopped]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (listener) signal.removeEventListener('abort', listener);
  }
}
