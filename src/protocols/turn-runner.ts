/**
 * The hook a codec offers when its protocol runs its own turns (`Codec.runner`): the envelope
 * delivers outputs, runs the caller's handlers, fills `$(...)` variables and decides how a turn ends.
 * The loop stays generic: it accepts a turn, then hands it to the runner with a `TurnHost`, the steps
 * every protocol shares (a tool call with its loop check, approval, timeout and events; a question to
 * the human; the history). A codec without a runner gets seed 000's routes from the loop.
 */
import type { AskUserDecision, CallToolDecision, ToolSpec } from '../spec/decision.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { ActionNotes } from '../spec/action-notes.ts';
import type { RunSnapshot } from '../errors/run-snapshot.ts';
import type { ToolCallOptions, ToolResult } from '../tools/toolbox.ts';
import type { HandlerType } from './envelope-schema.ts';

/** What a runner starts from: the run's tool results so far (a resumed run's stored ones, in order). */
export interface RunnerStart {
  results: readonly { tool: string; result: ToolResult }[];
}

/** What runs a call instead of the toolbox (an envelope handler), under the loop's checks. */
export interface CallRunner {
  /** What the approval policy sees. */
  spec: ToolSpec;
  /** Shown on the `tool-call` event as `handler`. */
  handler: HandlerType;
  call(args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolResult>;
}

/** How one call of a runner's turn is made. */
export interface HostCallOptions {
  /** Runs the call instead of the toolbox. @default the toolbox */
  runner?: CallRunner;
  /** Told each result before it is observed; returns how the model may name it (`ref` of the observation). */
  onResult?: (tool: string, result: ToolResult) => string | undefined;
  /** The call was announced before the run stopped (it waited for approval): it is not announced twice. @default false */
  resumed?: boolean;
}

/** The `output` event's fields: content delivered to the user (envelope `send_response`). */
export interface DeliveredOutput {
  text: string;
  /** The decision's index in its turn (0-based). */
  index: number;
  /** Where the content came from. */
  source: 'text' | 'file_path' | 'variable';
  confidence?: number;
}

/** The run variables a model may name in `$(...)` (envelope), as the parse of the next turn knows them. */
export interface KnownVariables {
  /** Names of `$(state.<name>)`: the values the caller passed (`envelope({ state })`). */
  state: readonly string[];
  /** Tool and handler results so far: `$(steps.1.result)` .. `$(steps.<results>.result)`. */
  results: number;
  /** Tools (and handler actions) with a result so far: `$(last.<tool>)`. */
  lastTools: readonly string[];
}

/** The loop's steps, lent to a runner for one turn. */
export interface TurnHost {
  readonly signal: AbortSignal;
  /** A `call_tool` decision, the loop's way: loop check, `tool-call`, approval, the call, its result or error as the observation. */
  callTool(index: number, decision: CallToolDecision, options?: HostCallOptions): Promise<DecisionReply>;
  /** An `ask_user` decision put to the human (`resumed`: asked before the run stopped, not announced twice). */
  askUser(decision: AskUserDecision, notes: ActionNotes | undefined, resumed?: boolean): Promise<DecisionReply>;
  /** The approval policy's verdict on something that is not a call: a refusal's message, or undefined when allowed. */
  approve(spec: ToolSpec, args: Record<string, unknown>): Promise<string | undefined>;
  /** Emits an `output` event: content reached the user. */
  output(delivered: DeliveredOutput): void;
  /** Answers the turn in the history; decisions without a reply get `unanswered`. */
  answerTurn(turn: AcceptedTurn, replies: readonly DecisionReply[], unanswered: DecisionReply): void;
  /** Answers the turn whose answer ends the run (where the protocol's history needs it). */
  answerFinalTurn(turn: AcceptedTurn, replies: readonly DecisionReply[], delivered: DecisionReply): void;
  /** Balances the history of a turn the run stops in the middle of. */
  closeTurn(turn: AcceptedTurn, replies: readonly DecisionReply[]): void;
  /** The history and step count, for the typed errors that end a run. */
  snapshot(): RunSnapshot;
}

/** Where the runner starts in a turn: decision `index`, the replies of those before it. */
export interface TurnStart {
  index: number;
  replies: readonly DecisionReply[];
  /** Decision `index` waited for the human when the run stopped: it is put to the human again, not announced twice. @default false */
  resumed?: boolean;
}

/** How a turn ended: the model thinks again (the turn is answered in the history), or the run has its answer. */
export type TurnEnd = { kind: 'continue' } | { kind: 'answer'; answer: string; confidence?: number; delivered?: boolean };

/** One run of a protocol that runs its own turns. */
export interface TurnRunner {
  /** What the parse of the run's next turn adds to its options (`ParseOptions`; the envelope: the variables known now). */
  parseOptions(): { variables?: KnownVariables };
  /** Runs an accepted turn from `start`; a typed error thrown here ends the run (the turn is closed first). */
  runTurn(turn: AcceptedTurn, host: TurnHost, start: TurnStart): Promise<TurnEnd>;
}
