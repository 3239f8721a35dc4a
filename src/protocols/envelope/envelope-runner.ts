/**
 * Runs the envelope's turns (seed 003) for one run: the actions in order, each by the route its
 * `type` picks (`action-route.ts`): a tool call or a caller's handler through the loop's call, a
 * question to the human, a `send_response` delivered at once, `fail_step` ending the run, an answer
 * from `final_response`. Variables are filled as each action runs, and every result is kept for
 * the later `$(steps.<n>.result)` / `$(last.<tool>)`. A failing action stops the turn (`turn-end.ts`).
 */
import type { AcceptedTurn, DecisionReply } from '../../spec/accepted-turn.ts';
import { ModelReportedError } from '../../errors/model-reported-error.ts';
import { StepFailedError } from '../../errors/step-failed-error.ts';
import { errorResult } from '../../tools/toolbox.ts';
import type { Codec, KnownVariables } from '../codec.ts';
import { actionRoute } from '../action-route.ts';
import { isHandlerType } from '../envelope-schema.ts';
import type { RunnerStart, TurnEnd, TurnHost, TurnRunner, TurnStart } from '../turn-runner.ts';
import { deliverOutput } from './deliver-output.ts';
import type { ActionHandlers } from './envelope-options.ts';
import { fillDecision } from './fill-decision.ts';
import { handlerRunner } from './handler-runner.ts';
import { RunVariables } from './run-variables.ts';
import { answerDelivered, turnEnd } from './turn-end.ts';

/** What the runner was configured with (`envelope(options)`, resolved). */
export interface EnvelopeSetup {
  codec: Codec;
  state: Readonly<Record<string, unknown>>;
  handlers: ActionHandlers;
  fileRoots: readonly string[];
}

/** The end of one action: its reply, or the run's answer (an answer from `final_response`). */
type ActionEnd = { reply: DecisionReply } | { end: TurnEnd };

export class EnvelopeRunner implements TurnRunner {
  readonly #setup: EnvelopeSetup;
  readonly #variables: RunVariables;
  /** Keeps each result as a variable and names it for the observation. */
  readonly #onResult = (tool: string, result: Parameters<RunVariables['addResult']>[1]): string => this.#variables.addResult(tool, result);

  constructor(setup: EnvelopeSetup, start: RunnerStart) {
    this.#setup = setup;
    this.#variables = new RunVariables(setup.state);
    for (const { tool, result } of start.results) this.#variables.addResult(tool, result);
  }

  parseOptions(): { variables: KnownVariables } {
    return { variables: this.#variables.known() };
  }

  async runTurn(turn: AcceptedTurn, host: TurnHost, start: TurnStart): Promise<TurnEnd> {
    const replies = [...start.replies];
    try {
      for (let index = start.index; index < turn.decisions.length; index++) {
        if (replies.at(-1)?.isError) break;
        const ended = await this.#runAction(turn, index, host, start.resumed === true && index === start.index);
        if ('end' in ended) return ended.end;
        replies.push(ended.reply);
      }
    } catch (error) {
      host.closeTurn(turn, replies);
      throw error;
    }
    return turnEnd(host, turn, replies, this.#finalResponse(turn));
  }

  /** `final_response` beside actions, filled (strictly checked at parse time; a text it cannot fill is given as written). */
  #finalResponse(turn: AcceptedTurn): string | undefined {
    if (turn.finalResponse === undefined) return undefined;
    const filled = this.#variables.fill(turn.finalResponse);
    return filled.ok ? filled.text : turn.finalResponse;
  }

  async #runAction(turn: AcceptedTurn, index: number, host: TurnHost, resumed: boolean): Promise<ActionEnd> {
    const filled = fillDecision(this.#variables, turn.decisions[index]!, turn.actions?.[index]);
    if (!filled.ok) return { reply: { content: this.#setup.codec.observation(errorResult(`Not run: ${filled.message}.`)), isError: true } };
    const { decision, notes } = filled;
    const route = actionRoute(decision, notes);
    if (decision.action === 'call_tool') {
      const type = notes?.type;
      const runner = route === 'handler' && isHandlerType(type) ? handlerRunner(type, decision.tool, this.#setup.handlers[type], this.#setup.state) : undefined;
      return { reply: await host.callTool(index, decision, { onResult: this.#onResult, resumed, ...(runner ? { runner } : {}) }) };
    }
    if (decision.action === 'ask_user') return { reply: await host.askUser(decision, notes, resumed) };
    if (route === 'output') return { reply: await deliverOutput({ ...this.#setup, host, variables: this.#variables }, decision, notes, index) };
    if (route === 'fail') throw new StepFailedError({ reason: decision.answer, ...host.snapshot() });
    // An answer taken from `final_response` (a turn with no actions); ERROR_INTERNAL's is the reason the run fails.
    if (turn.reportsFailure) throw new ModelReportedError({ status: turn.reportsFailure.status, message: decision.answer, ...host.snapshot() });
    host.answerFinalTurn(turn, [], answerDelivered);
    return { end: { kind: 'answer', answer: decision.answer, ...(decision.confidence === undefined ? {} : { confidence: decision.confidence }) } };
  }
}
