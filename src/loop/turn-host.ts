/**
 * The loop's side of the codec hook (`protocols/turn-runner.ts`): the steps a codec's runner may use
 * for one turn, made from the run's state. The runner decides what runs; these are the same calls,
 * questions, approvals and history writes the loop makes for seed 000's routes.
 */
import type { AskUserDecision, CallToolDecision, ToolSpec } from '../spec/decision.ts';
import type { ActionNotes } from '../spec/action-notes.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { DeliveredOutput, HostCallOptions, TurnHost } from '../protocols/turn-runner.ts';
import { answerFinalTurn, answerTurn } from './answer-turn.ts';
import { checkApproval } from './approval.ts';
import { askUser, putQuestion } from './ask-user.ts';
import { executeToolCall, runAnnouncedCall } from './execute-tool-call.ts';
import { snapshot } from './snapshot.ts';
import type { RunState } from './run-state.ts';

/** What answers the decisions a stopped run did not reach. */
export const stoppedReply: DecisionReply = { content: 'Not run: the run stopped.', isError: true };

export class RunTurnHost implements TurnHost {
  readonly #state: RunState;
  readonly #turn: AcceptedTurn;

  constructor(state: RunState, turn: AcceptedTurn) {
    this.#state = state;
    this.#turn = turn;
  }

  get signal(): AbortSignal {
    return this.#state.context.signal;
  }

  async callTool(index: number, decision: CallToolDecision, options: HostCallOptions = {}): Promise<DecisionReply> {
    const callId = this.#turn.toolCallIds?.[index] ?? `call_${this.#state.counters.step}_${index + 1}`;
    const target = { runner: options.runner, onResult: options.onResult };
    return options.resumed ? runAnnouncedCall(this.#state, decision, callId, target) : executeToolCall(this.#state, decision, callId, target);
  }

  askUser(decision: AskUserDecision, notes: ActionNotes | undefined, resumed = false): Promise<DecisionReply> {
    return resumed ? putQuestion(this.#state, decision, notes) : askUser(this.#state, decision, notes);
  }

  async approve(spec: ToolSpec, args: Record<string, unknown>): Promise<string | undefined> {
    return (await checkApproval(this.#state.context, spec, args))?.message;
  }

  output(delivered: DeliveredOutput): void {
    this.#state.context.emit({ type: 'output', ...delivered });
  }

  answerTurn(turn: AcceptedTurn, replies: readonly DecisionReply[], unanswered: DecisionReply): void {
    answerTurn(this.#state, turn, replies, unanswered);
  }

  answerFinalTurn(turn: AcceptedTurn, replies: readonly DecisionReply[], delivered: DecisionReply): void {
    answerFinalTurn(this.#state, turn, replies, delivered);
  }

  closeTurn(turn: AcceptedTurn, replies: readonly DecisionReply[]): void {
    answerTurn(this.#state, turn, replies, stoppedReply);
  }

  snapshot() {
    return snapshot(this.#state);
  }
}
