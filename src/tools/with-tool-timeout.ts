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
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const stopped = new Promise<never>((_resolve, reject) => {
      onAbort = () => {
        const reason: unknown = options.signal?.reason ?? new Error('aborted');
        controller.abort(reason);
        reject(reason);
      };
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
      const timeoutMs = options.timeoutMs;
      if (timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          const error = new ToolTimeoutError(options.toolName, timeoutMs);
          controller.abort(error);
          reject(error);
        }, timeoutMs);
      }
    });
    stopped.catch(() => {}); // settled by the race below; avoid an unhandled rejection when work wins
    return await Promise.race([work(controller.signal), stopped]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
