/**
 * THINKING: asks the model for one turn until its output is a valid decision. Invalid output gets
 * the codec's correction (in the history) and an `output-invalid` event; after `maxRetries`
 * corrections the turn fails with RetriesExhaustedError. Usage is summed and the token budget checked.
 */
import { BudgetExceededError } from '../errors/budget-exceeded-error.ts';
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import { RetriesExhaustedError } from '../errors/retries-exhausted-error.ts';
import { addUsage, emptyUsage } from '../spec/model.ts';
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import { handlerTypes } from './actions/handler-target.ts';
import { buildRequest } from './build-request.ts';
import { modelRequestEvent } from './model-request-event.ts';
import { offeredToolNames } from '../protocols/offered-tool-names.ts';
import { countUsage } from './count-usage.ts';
import { rejectCutOff } from './cut-off-guard.ts';
import { callModel } from './model-turn.ts';
import type { AcceptedTurn } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';
import { snapshot } from './snapshot.ts';

/** The usage a turn starts from (never written: `addUsage` makes a new object). */
const noUsage = Object.freeze(emptyUsage());

export interface NextTurnOptions {
  /** The best-effort last turn: tools are not offered. @default false */
  forbidTools?: boolean;
  /** @default state.context.policies.maxRetries */
  maxRetries?: number;
}

/** The options of an ordinary turn: one shared object, not a new `{}` per step. */
const noOptions: NextTurnOptions = Object.freeze({});

export async function nextTurn(state: RunState, options: NextTurnOptions = noOptions): Promise<AcceptedTurn> {
  const maxRetries = options.maxRetries ?? state.context.policies.maxRetries;
  const parseOptions: ParseOptions = {
    tools: state.transcript.tools,
    maxActions: state.context.policies.maxActionsPerTurn,
    handlers: handlerTypes(state.context.handlers),
    variables: state.transcript.variables.known(),
    // Set below from the model's reply; declared now so the options keep one shape (no property added later).
    toolCalls: undefined,
  };
  // Made on the first invalid output only: most turns are valid at once.
  let errors: InvalidDecisionError[] | undefined;
  let turnUsage = noUsage;
  for (let attempt = 1; ; attempt++) {
    state.context.signal.throwIfAborted();
    const request = buildRequest(state, { signal: state.context.signal, forbidTools: options.forbidTools });
    state.context.emit(modelRequestEvent(attempt, request.system ?? '', state.transcript.messages, state.transcript.messages.length));
    const raw = await callModel(state, request, parseOptions);
    countUsage(state.counters, raw);
    turnUsage = addUsage(turnUsage, raw.usage);
    state.context.emit({ type: 'model-response', text: raw.text, toolCalls: raw.toolCalls, usage: raw.usage, modelId: raw.modelId });
    if (!raw.parsed) parseOptions.toolCalls = raw.toolCalls;
    const parsed = rejectCutOff(raw.parsed ?? state.context.codec.parse(raw.text, parseOptions), raw);
    const isAnswer = parsed.success && parsed.decision.action === 'answer_user';
    const used = state.counters.usage.inputTokens + state.counters.usage.outputTokens;
    if (used > state.context.policies.maxTokens && !isAnswer) {
      state.context.codec.history.appendTurn(state.transcript.messages, raw.text, []);
      throw new BudgetExceededError({ budget: 'tokens', limit: state.context.policies.maxTokens, used, ...snapshot(state) });
    }
    if (parsed.success) {
      state.context.codec.history.appendTurn(state.transcript.messages, raw.text, raw.toolCalls);
      const { decision, decisions, thoughts, repaired, dialect } = parsed;
      const notes = turnNotes(parsed);
      state.context.emit({ type: 'decision', decision, decisions, thoughts, repaired, dialect, usage: turnUsage, ...notes });
      const turn: AcceptedTurn = { text: raw.text, toolCalls: raw.toolCalls, decisions, thoughts, ...notes };
      if (parsed.toolCallIds) turn.toolCallIds = parsed.toolCallIds;
      return turn;
    }
    const error = parsed.error;
    errors ??= [];
    errors.push(error);
    const correction = state.context.codec.correction(error);
    state.context.emit({ type: 'output-invalid', reason: error.message, kind: error.kind, attempt, rawText: raw.text, correction });
    state.context.codec.history.appendCorrection(state.transcript.messages, raw.text, raw.toolCalls, correction, offeredToolNames(state.context.codec, state.transcript.tools));
    if (errors.length > maxRetries) throw new RetriesExhaustedError({ errors, lastError: error, ...snapshot(state) });
  }
}

/** What a codec noted about an accepted turn beyond its decisions (envelope actions, status...): only the fields it set. */
type TurnNotes = Pick<AcceptedTurn, 'actions' | 'status' | 'finalResponse' | 'reportsFailure' | 'finalTurn'>;

/** The notes of a turn the codec noted nothing about (every native turn): shared, only ever spread. */
const noNotes: TurnNotes = Object.freeze({});

export function turnNotes(parsed: Extract<ParseResult, { success: true }>): TurnNotes {
  if (!parsed.actions && parsed.status === undefined && parsed.finalResponse === undefined && !parsed.reportsFailure && !parsed.finalTurn) return noNotes;
  const notes: TurnNotes = {};
  if (parsed.actions) notes.actions = parsed.actions;
  if (parsed.status !== undefined) notes.status = parsed.status;
  if (parsed.finalResponse !== undefined) notes.finalResponse = parsed.finalResponse;
  if (parsed.reportsFailure) notes.reportsFailure = parsed.reportsFailure;
  if (parsed.finalTurn) notes.finalTurn = parsed.finalTurn;
  return notes;
}
