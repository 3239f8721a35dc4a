/**
 * Streams one model turn. Emits `decision-delta` for each text delta (and, for the envelope, one per
 * completed typed thought). After each delta, when the codec says the text may hold a complete
 * decision, parses it; on the first valid decision the stream is abandoned (the iteration is broken
 * and the per-turn signal aborted) so the loop can act at once.
 */
import type { ModelRequest, ModelToolCall, Usage } from '../models/model.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import { EnvelopeThoughtTracker } from './envelope-thoughts.ts';
import { estimateUsage, type RawTurn } from './model-turn.ts';
import type { RunState } from './run-state.ts';

export async function streamTurn(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  const stream = state.model.stream;
  if (!stream) throw new TypeError('streamTurn needs a model with stream()');
  const turnController = new AbortController();
  const forwardAbort = () => turnController.abort(state.signal.reason);
  state.signal.addEventListener('abort', forwardAbort, { once: true });
  const thoughts = state.codec.name === 'envelope' ? new EnvelopeThoughtTracker() : undefined;
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  let usage: Usage | undefined;
  let modelId = state.model.modelId;
  let parsed: RawTurn['parsed'];
  try {
    for await (const part of stream.call(state.model, { ...request, signal: turnController.signal })) {
      if (part.type === 'tool-call') toolCalls.push(part.toolCall);
      else if (part.type === 'finish') {
        usage = part.usage;
        modelId = part.modelId ?? modelId;
      } else if (part.text !== '') {
        text += part.text;
        state.emit({ type: 'decision-delta', text: part.text });
        for (const thought of thoughts?.update(text, part.text) ?? []) state.emit({ type: 'decision-delta', text: '', thought });
        if (state.codec.mayBeComplete(text)) {
          const result = state.codec.parse(text, { ...parseOptions, toolCalls });
          if (result.success) {
            parsed = result;
            break;
          }
        }
      }
    }
  } finally {
    state.signal.removeEventListener('abort', forwardAbort);
    if (parsed) turnController.abort();
  }
  const final = parsed ?? state.codec.parse(text, { ...parseOptions, toolCalls });
  if (thoughts && final.success) for (const thought of thoughts.remaining(final.thoughts)) state.emit({ type: 'decision-delta', text: '', thought });
  const turn: RawTurn = { text, toolCalls, usage: usage ?? estimateUsage(request, text), modelId };
  if (final.success) turn.parsed = final;
  return turn;
}
