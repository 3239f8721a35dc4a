/**
 * Turns a generation that reports text through a callback into a Model stream: text deltas as they
 * come, then `finish`. Leaving the iteration early aborts the generation.
 */
import type { ModelResponse, ModelStreamPart } from '../../spec/model.ts';

export async function* streamOf(
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal, onText: (text: string) => void) => Promise<ModelResponse>,
): AsyncGenerator<ModelStreamPart> {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  const pending: string[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const result = run(signal, (text) => {
    pending.push(text);
    wake?.();
  }).finally(() => {
    settled = true;
    wake?.();
  });
  result.catch(() => undefined);
  try {
    while (true) {
      while (pending.length > 0) yield { type: 'text-delta', text: pending.shift() as string };
      if (settled) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    const response = await result;
    yield { type: 'finish', finishReason: response.finishReason, usage: response.usage, modelId: response.modelId };
  } finally {
    if (!settled) controller.abort(new Error('stream closed by the reader'));
  }
}
