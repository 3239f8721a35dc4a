/**
 * The request one streamed attempt sends: the turn's request with the attempt's own signal. It is
 * what `{ ...request, signal }` gives (the same own enumerable fields, in the same order, then the
 * signal), except that a loop request's `messages` stay its history prefix, unread
 * (`models/history-prefix.ts`): a spread reads them, which copies the whole history every step and
 * hides the prefix from an adapter that converts it without a copy (`toCallOptions`).
 */
import { defineRequestMessages, historyPrefix } from '../models/history-prefix.ts';
import type { ModelRequest } from '../spec/model.ts';

export function attemptRequest(request: ModelRequest, signal: AbortSignal): ModelRequest {
  const prefix = historyPrefix(request);
  if (!prefix) return { ...request, signal };
  const source = request as unknown as Record<PropertyKey, unknown>;
  const copy: Record<PropertyKey, unknown> = {};
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (key === 'messages') defineRequestMessages(copy, prefix.history, prefix.count);
    else copy[key] = source[key];
  }
  // A spread copies enumerable symbol keys too (a loop request has none: looked up only then).
  if (Object.getOwnPropertySymbols(source).length > 0) {
    for (const symbol of Object.getOwnPropertySymbols(source)) if (Object.prototype.propertyIsEnumerable.call(source, symbol)) copy[symbol] = source[symbol];
  }
  copy.signal = signal;
  return copy as unknown as ModelRequest;
}
