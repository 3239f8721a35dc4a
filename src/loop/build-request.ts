/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions; see `system-prompt.ts`), the history, the sampling options (`temperature`,
 * `maxOutputTokens`), the codec's reply shape for models that sample under a grammar, and the
 * tools and tool choice of codecs that send tools natively.
 *
 * The history only grows, and each message is sealed (frozen) before it is first sent
 * (`seal-history.ts`): each request's `messages` is the previous request's list plus what came
 * after (the same message objects, in the same order), so an adapter converts only the new ones
 * (`models/to-call-options.ts`) and a provider's prompt cache sees a stable prefix. The list itself
 * is a shallow copy of the history, so a request kept by a model or an event never changes.
 */
import type { ModelRequest } from '../spec/model.ts';
import type { RunState } from './run-state.ts';
import { sealHistory } from './seal-history.ts';
import { buildSystemPrompt } from './system-prompt.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { Codec } from '../protocols/codec.ts';
import { sameItems } from './same-items.ts';

/** What a codec offers the model for a tool list: its output constraint and its native tool list. */
interface Offer {
  tools: readonly ToolSpec[];
  forbidTools: boolean;
  constraint: ModelRequest['constraint'];
  requestTools: ModelRequest['tools'];
}

/**
 * The last offer built per codec. Both parts depend only on the tools (by identity, in order) and
 * on whether tools are forbidden, and concurrent runs of one agent offer the same tools every
 * step: they are built once and shared (frozen: no request may change what another one sends).
 */
const lastOffer = new WeakMap<Codec, Offer>();

function offerOf(codec: Codec, tools: readonly ToolSpec[], forbidTools: boolean): Offer {
  const cached = lastOffer.get(codec);
  if (cached && cached.forbidTools === forbidTools && sameItems(cached.tools, tools)) return cached;
  const constraint = codec.constraint?.(forbidTools ? [] : tools);
  const requestTools = codec.requestTools?.(tools);
  const offer: Offer = {
    tools: [...tools],
    forbidTools,
    constraint: constraint && Object.freeze(constraint),
    requestTools: requestTools && (Object.freeze(requestTools) as ToolSpec[]),
  };
  lastOffer.set(codec, offer);
  return offer;
}

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
  const history = state.transcript.messages;
  sealHistory(history);
  const { policies, codec } = state.context;
  const offer = offerOf(codec, state.transcript.tools, options.forbidTools === true);
  const request: ModelRequest = { system: buildSystemPrompt(state), messages: history.slice(), signal: options.signal };
  if (policies.temperature !== undefined) request.temperature = policies.temperature;
  if (policies.maxOutputTokens !== undefined) request.maxTokens = policies.maxOutputTokens;
  if (policies.promptCache) request.promptCacheKey = state.context.runId;
  if (offer.constraint) request.constraint = offer.constraint;
  if (offer.requestTools) {
    request.tools = offer.requestTools;
    request.toolChoice = options.forbidTools ? 'none' : 'auto';
  }
  return request;
}
