/**
 * Waits on a callee (a model, a tool, a user callback, an approval policy) only while a signal is
 * live: whatever the callee does with the signal, the wait ends with the signal's reason once it
 * aborts (a caller's cancel, a time budget, a tool deadline). One helper for the loop and the tools.
 * The callee's later answer or failure is dropped: nobody waits for it any more.
 */
export function untilAborted<T>(callee: () => T | PromiseLike<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answerOf(callee).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        // The callee may have aborted the signal itself before it answered: the abort wins.
        if (signal.aborted) reject(signal.reason);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? signal.reason : error);
      },
    );
  });
}

/** The callee's answer as a promise: its own when it returns one, a rejection when it throws. */
function answerOf<T>(callee: () => T | PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(callee());
  } catch (error) {
    return Promise.reject(error);
  }
}
