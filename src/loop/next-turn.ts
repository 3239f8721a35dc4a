/**
 * THINKING: asks the model for one turn until its output is a valid decision. Invalid output gets
 * the codec's correction (in the history) and an `output-invalid` event; after `maxRetries`
 * corrections the turn fails with RetriesExhaustedError. Usage is summed and the token budget checked.
 *
 * Not an async function: a turn is the model call's one promise, judged where the reply arrives
 * (`ThinkingTurn.receive`), not an async frame (its register file, promise and await closures)
 * waiting on it every step. A retry's attempt is the promise the judged reply resolves to.
 */
import { BudgetExceededError } from '../errors/budget-exceeded-error.ts';
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import { RetriesExhaustedError } from '../errors/retries-exhausted-error.ts';
import { addUsage, emptyUsage, type Usage } from '../spec/model.ts';
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import { buildRequest } from './build-request.ts';
import { modelRequestEvent } from './model-request-event.ts';
import { offeredToolNames } from '../protocols/offered-tool-names.ts';
import { countUsage } from './count-usage.ts';
import { rejectCutOff } from './cut-off-guard.ts';
import { callModel, type ReplyTarget } from './model-turn.ts';
import type { RawTurn } from './raw-turn.ts';
import type { AcceptedTurn } from '../spec/accepted-turn.ts';
import type { EventBody, RunContext, RunState } from './run-state.ts';
import { snapshot } from './snapshot.ts';
import { plainObjectMaker } from './plain-object-maker.ts';
import type { EventOf } from '../spec/events.ts';

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

export function nextTurn(state: RunState, options: NextTurnOptions = noOptions): Promise<AcceptedTurn> {
  // A throw before the model is asked (an aborted run, a request that cannot be built) is a rejection, as from an async function.
  try {
    return new ThinkingTurn(state, options).ask();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** One turn's attempts: what they share (parse options, corrections so far, the turn's usage). */
class ThinkingTurn implements ReplyTarget<AcceptedTurn> {
  readonly state: RunState;
  readonly context: RunContext;
  readonly #forbidTools: boolean | undefined;
  readonly #maxRetries: number;
  readonly #parseOptions: ParseOptions;
  /** Made on the first invalid output only: most turns are valid at once. */
  #errors: InvalidDecisionError[] | undefined = undefined;
  #usage: Usage = noUsage;
  #attempt = 0;

  constructor(state: RunState, options: NextTurnOptions) {
    this.state = state;
    this.context = state.context;
    this.#forbidTools = options.forbidTools;
    this.#maxRetries = options.maxRetries ?? state.context.policies.maxRetries;
    this.#parseOptions = {
      tools: state.transcript.tools,
      maxActions: state.context.policies.maxActionsPerTurn,
      ...state.transcript.turnRunner?.parseOptions(),
      // Set from the model's reply; declared now so the options keep one shape (no property added later).
      toolCalls: undefined,
    };
  }

  /** Asks the model (again): settles with the accepted turn, or with what the next attempt settles with. */
  ask(): Promise<AcceptedTurn> {
    const { state, context } = this;
    const attempt = ++this.#attempt;
    context.signal.throwIfAborted();
    const request = buildRequest(state, { signal: context.signal, forbidTools: this.#forbidTools });
    context.emit(modelRequestEvent(attempt, request.system ?? '', state.transcript.messages, state.transcript.messages.length));
    return callModel(state, request, this.#parseOptions, this);
  }

  /** Judges the model's reply: the accepted turn, or (after a correction) the next attempt's promise. */
  receive(raw: RawTurn): AcceptedTurn | Promise<AcceptedTurn> {
    const { state, context } = this;
    const parseOptions = this.#parseOptions;
    countUsage(state.counters, raw);
    this.#usage = addUsage(this.#usage, raw.usage);
    context.emit(modelResponseEvent(raw));
    if (!raw.parsed) parseOptions.toolCalls = raw.toolCalls;
    const parsed = rejectCutOff(raw.parsed ?? context.codec.parse(raw.text, parseOptions), raw);
    const isAnswer = parsed.success && parsed.decision.action === 'answer_user';
    const used = state.counters.usage.inputTokens + state.counters.usage.outputTokens;
    if (used > context.policies.maxTokens && !isAnswer) {
      context.codec.history.appendTurn(state.transcript.messages, raw.text, []);
      throw new BudgetExceededError({ budget: 'tokens', limit: context.policies.maxTokens, used, ...snapshot(state) });
    }
    if (parsed.success) return this.#accept(raw, parsed);
    const error = parsed.error;
    const errors = (this.#errors ??= []);
    errors.push(error);
    const correction = context.codec.correction(error);
    context.emit({ type: 'output-invalid', reason: error.message, kind: error.kind, attempt: this.#attempt, rawText: raw.text, correction });
    context.codec.history.appendCorrection(state.transcript.messages, raw.text, raw.toolCalls, correction, offeredToolNames(context.codec, state.transcript.tools));
    if (errors.length > this.#maxRetries) throw new RetriesExhaustedError({ errors, lastError: error, ...snapshot(state) });
    return this.ask();
  }

  #accept(raw: RawTurn, parsed: Extract<ParseResult, { success: true }>): AcceptedTurn {
    const { state, context } = this;
    context.codec.history.appendTurn(state.transcript.messages, raw.text, raw.toolCalls);
    const notes = turnNotes(parsed);
    context.emit(decisionEvent(parsed, this.#usage, notes));
    return acceptedTurn(raw, parsed, notes);
  }
}

/**
 * The `decision` event: the parse's decision fields, the turn's usage, then the notes. A turn
 * without notes (every native turn) gets its object in one literal, not a spread of the empty notes.
 */
export function decisionEvent(parsed: Extract<ParseResult, { success: true }>, usage: Usage, notes: TurnNotes): EventBody {
  const { decision, decisions, thoughts, repaired, dialect } = parsed;
  if (notes !== noNotes) return { type: 'decision', decision, decisions, thoughts, repaired, dialect, usage, ...notes };
  const event = new DecisionEvent();
  event.type = 'decision';
  event.decision = decision;
  event.decisions = decisions;
  event.thoughts = thoughts;
  event.repaired = repaired;
  event.dialect = dialect;
  event.usage = usage;
  return event as EventBody;
}

/** The `model-response` event: the reply as the model gave it. */
export function modelResponseEvent(raw: RawTurn): EventBody {
  const event = new ModelResponseEvent();
  event.type = 'model-response';
  event.text = raw.text;
  event.toolCalls = raw.toolCalls;
  event.usage = raw.usage;
  event.modelId = raw.modelId;
  if (raw.finishReason !== undefined) event.finishReason = raw.finishReason;
  if (raw.responseId !== undefined) event.responseId = raw.responseId;
  return event as EventBody;
}

/** Every turn's events are stamped with the run id and step when emitted: made with room for them (`plain-object-maker.ts`). */
const DecisionEvent = plainObjectMaker<EventOf<'decision'>>();
const ModelResponseEvent = plainObjectMaker<EventOf<'model-response'>>();

/**
 * The turn the loop runs: the reply, the decisions and thoughts, the notes, then the native call ids.
 * Without notes it is one literal (no spread, no field added later: no property store grown per step).
 */
export function acceptedTurn(raw: Pick<RawTurn, 'text' | 'toolCalls'>, parsed: Extract<ParseResult, { success: true }>, notes: TurnNotes): AcceptedTurn {
  const { decisions, thoughts, toolCallIds } = parsed;
  if (notes === noNotes) {
    return toolCallIds ? { text: raw.text, toolCalls: raw.toolCalls, decisions, thoughts, toolCallIds } : { text: raw.text, toolCalls: raw.toolCalls, decisions, thoughts };
  }
  const turn: AcceptedTurn = { text: raw.text, toolCalls: raw.toolCalls, decisions, thoughts, ...notes };
  if (toolCallIds) turn.toolCallIds = toolCallIds;
  return turn;
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
