/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions; see `system-prompt.ts`), the history, the sampling options (`temperature`,
 * `maxOutputTokens`), and the tools and tool choice of
 * codecs that send tools natively. The history is sealed first (`seal-history.ts`): what is sent is
 * never changed afterwards, so providers may convert each message once and reuse it, and the
 * request's `messages` need not be a copy made every step (O(history) per step): they are the
 * history's current prefix, copied only when a model reads them.
 */
import type { ModelRequest } from '../spec/model.ts';
import type { RunState } from './run-state.ts';
import { defineRequestMessages } from '../models/history-prefix.ts';
import { sealHistory } from './seal-history.ts';
import { buildSystemPrompt } from './system-prompt.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { Codec } from '../protocols/codec.ts';
import { sameItems } from './same-items.ts';
import { plainObjectMaker } from './plain-object-maker.ts';

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

/** Requests are given their fields one by one: made with room for them (`plain-object-maker.ts`). */
const RequestBody = plainObjectMaker<ModelRequest>();

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
  const history = state.transcript.messages;
  sealHistory(history);
  // The history as it is now, read (and copied) only if a model reads `messages`; an adapter that
  // knows the view converts the prefix with no copy (`models/history-prefix.ts`).
  const body = new RequestBody();
  body.system = buildSystemPrompt(state);
  const request = defineRequestMessages(body, history, history.length) as ModelRequest;
  request.signal = options.signal;
  if (state.context.policies.temperature !== undefined) request.temperature = state.context.policies.temperature;
  if (state.context.policies.maxOutputTokens !== undefined) request.maxTokens = state.context.policies.maxOutputTokens;
  if (state.context.policies.promptCache) request.promptCacheKey = state.context.runId;
  const offer = offerOf(state.context.codec, state.transcript.tools, options.forbidTools === true);
  // The decision's shape, for models that sample under a grammar (`llama:`); no tools on a best-effort turn.
  if (offer.constraint) request.constraint = offer.constraint;
  if (offer.requestTools) {
    request.tools = offer.requestTools;
    request.toolChoice = options.forbidTools ? 'none' : 'auto';
  }
  return request;
}
