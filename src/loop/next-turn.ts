/**
 * THINKING: asks the model for one turn until its output is a valid decision. Invalid output gets
 * the codec's correction (in the history) and an `output-invalid` event; after `maxRetries`
 * corrections the turn fails with RetriesExhaustedError. Usage is summed and the token budget checked.
 */
import { BudgetExceededError } from '../errors/budget-exceeded-error.ts';
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import { RetriesExhaustedError } from '../errors/retries-exhausted-error.ts';
import { addUsage, emptyUsage, type Usage } from '../spec/model.ts';
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import { offeredToolNames } from '../protocols/offered-tool-names.ts';
import type { AcceptedTurn } from '../spec/accepted-turn.ts';
import { buildRequest } from './build-request.ts';
import { countUsage } from './count-usage.ts';
import { rejectCutOff } from './cut-off-guard.ts';
import { callModel } from './model-turn.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { snapshot } from './snapshot.ts';

export interface NextTurnOptions {
  /** The best-effort last turn: tools are not offered. @default false */
  forbidTools?: boolean;
  /** @default state.context.policies.maxRetries */
  maxRetries?: number;
}

export async function nextTurn(state: RunState, options?: NextTurnOptions): Promise<AcceptedTurn> {
  const { context, transcript } = state;
  const maxRetries = options?.maxRetries ?? context.policies.maxRetries;
  const parseOptions: ParseOptions = {
    tools: transcript.tools,
    maxActions: context.policies.maxActionsPerTurn,
    ...transcript.turnRunner?.parseOptions(),
  };
  const errors: InvalidDecisionError[] = [];
  let turnUsage = emptyUsage();
  for (let attempt = 1; ; attempt++) {
    context.signal.throwIfAborted();
    const request = buildRequest(state, { signal: context.signal, forbidTools: options?.forbidTools });
    context.emit({ type: 'model-request', attempt, system: request.system ?? '', messages: request.messages });
    const raw = await callModel(state, request, parseOptions);
    turnUsage = addUsage(turnUsage, raw.usage);
    const parsed = readReply(state, raw, parseOptions);
    if (parsed.success) return accept(state, raw, parsed, turnUsage);
    errors.push(parsed.error);
    correct(state, raw, parsed.error, attempt);
    if (errors.length > maxRetries) throw new RetriesExhaustedError({ errors, lastError: parsed.error, ...snapshot(state) });
  }
}

/** The reply counted (usage, `model-response`) and parsed. Past the token budget the run ends, unless the reply answers. */
function readReply(state: RunState, raw: RawTurn, parseOptions: ParseOptions): ParseResult {
  const { context, transcript } = state;
  countUsage(state.counters, raw);
  context.emit({
    type: 'model-response',
    text: raw.text,
    toolCalls: raw.toolCalls,
    usage: raw.usage,
    modelId: raw.modelId,
    ...(raw.finishReason === undefined ? {} : { finishReason: raw.finishReason }),
    ...(raw.responseId === undefined ? {} : { responseId: raw.responseId }),
  });
  const parsed = rejectCutOff(raw.parsed ?? context.codec.parse(raw.text, { ...parseOptions, toolCalls: raw.toolCalls }), raw);
  const used = state.counters.usage.inputTokens + state.counters.usage.outputTokens;
  if (used > context.policies.maxTokens && !(parsed.success && parsed.decision.action === 'answer_user')) {
    context.codec.history.appendTurn(transcript.messages, raw.text, []);
    throw new BudgetExceededError({ budget: 'tokens', limit: context.policies.maxTokens, used, ...snapshot(state) });
  }
  return parsed;
}

/** A valid reply enters the history by the codec's history strategy; the `decision` event; the turn the loop runs. */
function accept(state: RunState, raw: RawTurn, parsed: Extract<ParseResult, { success: true }>, turnUsage: Usage): AcceptedTurn {
  const { context, transcript } = state;
  context.codec.history.appendTurn(transcript.messages, raw.text, raw.toolCalls);
  const notes = turnNotes(parsed);
  const { decision, decisions, thoughts, repaired, dialect } = parsed;
  context.emit({ type: 'decision', decision, decisions, thoughts, repaired, dialect, usage: turnUsage, ...notes });
  return acceptedTurn(raw, parsed, notes);
}

/** An invalid reply: `output-invalid`, and the reply with the codec's correction in the history. */
function correct(state: RunState, raw: RawTurn, error: InvalidDecisionError, attempt: number): void {
  const { context, transcript } = state;
  const correction = context.codec.correction(error);
  context.emit({ type: 'output-invalid', reason: error.message, kind: error.kind, attempt, rawText: raw.text, correction });
  context.codec.history.appendCorrection(transcript.messages, raw.text, raw.toolCalls, correction, offeredToolNames(context.codec, transcript.tools));
}

/** What a codec noted about an accepted turn beyond its decisions (envelope actions, status...): only the fields it set. */
type TurnNotes = Pick<AcceptedTurn, 'actions' | 'status' | 'finalResponse' | 'reportsFailure' | 'finalTurn'>;

function turnNotes(parsed: Extract<ParseResult, { success: true }>): TurnNotes {
  const notes: TurnNotes = {};
  if (parsed.actions) notes.actions = parsed.actions;
  if (parsed.status !== undefined) notes.status = parsed.status;
  if (parsed.finalResponse !== undefined) notes.finalResponse = parsed.finalResponse;
  if (parsed.reportsFailure) notes.reportsFailure = parsed.reportsFailure;
  if (parsed.finalTurn) notes.finalTurn = parsed.finalTurn;
  return notes;
}

/** The turn the loop runs: the reply, its decisions and thoughts, the codec's notes and the native call ids. */
function acceptedTurn(raw: RawTurn, parsed: Extract<ParseResult, { success: true }>, notes: TurnNotes): AcceptedTurn {
  const turn: AcceptedTurn = { text: raw.text, toolCalls: raw.toolCalls, decisions: parsed.decisions, thoughts: parsed.thoughts, ...notes };
  if (parsed.toolCallIds) turn.toolCallIds = parsed.toolCallIds;
  if (raw.cutAfterDecision) turn.cutAfterDecision = true;
  return turn;
}
