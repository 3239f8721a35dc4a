/**
 * What `reins eval` / `evaluate()` produce and the sessions store keeps: the judged outcome of each
 * task in each protocol, the figures per protocol and category, and the protocol recommended for the
 * model. Types only: `eval/` makes them, `sessions/` stores them, the CLI and the UI show them.
 */
import type { ProtocolName } from '../protocols/protocol-names.ts';
import type { RunStatus } from './events.ts';

/**
 * One way of running the model: a protocol, and for models that sample under a grammar (`llama:`)
 * with the grammar on or off. `id` is `json`, or `json+grammar` for the grammar-constrained run.
 */
export interface EvalVariant {
  id: string;
  protocol: ProtocolName;
  grammar: boolean;
}

/** A call the model made (function name as the task wrote it, arguments as given). */
export interface EvalCall {
  name: string;
  args: Record<string, unknown>;
}

/** A call the task accepts: each parameter with its list of accepted values (BFCL's possible answer). */
export interface ExpectedCall {
  name: string;
  args: Record<string, unknown[]>;
}

/** What a task accepts: these calls (any order), no call at all, or any call. */
export type Expectation = { kind: 'calls'; calls: ExpectedCall[] } | { kind: 'no-call' } | { kind: 'any-call' };

/** One task run in one variant, judged. */
export interface EvalOutcome {
  taskId: string;
  category: string;
  variant: string;
  correct: boolean;
  /** Why the answer was judged wrong ('' when correct). */
  reason: string;
  calls: EvalCall[];
  expected: Expectation;
  /** The model's replies in order (text; native tool calls written as `name({...})`). */
  raw: string[];
  /** The run's answer, when it answered. */
  answer?: string;
  /** The first reply was a valid decision (no correction before it). */
  firstReplyValid: boolean;
  /** Invalid outputs corrected (output-invalid events) over the run. */
  corrections: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  status: RunStatus;
  /** The run's error message, when it failed. */
  error?: string;
}

/** The figures of one variant over one category (`category: 'all'` for every task of the variant). */
export interface EvalRow {
  variant: string;
  protocol: ProtocolName;
  grammar: boolean;
  category: string;
  tasks: number;
  correct: number;
  /** correct / tasks, 0..1. */
  accuracy: number;
  /** Tasks whose first reply was valid / tasks, 0..1. */
  validFirstReplies: number;
  /** Corrections over the tasks (sum). */
  corrections: number;
  /** Mean input tokens per task. */
  inputTokens: number;
  /** Mean output tokens per task. */
  outputTokens: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

/** The variant the eval recommends: best accuracy, ties broken by fewer tokens per task. */
export interface EvalRecommendation {
  variant: string;
  protocol: ProtocolName;
  grammar: boolean;
  accuracy: number;
  /** Mean input + output tokens per task. */
  tokens: number;
}

/** A whole eval without its outcomes: what lists and the `auto` protocol read. */
export interface EvalSummary {
  /** The store's id, once stored. */
  id?: string;
  model: string;
  startedAt: string;
  finishedAt: string;
  /** Stopped before every task ran (Ctrl-C, abort): the figures cover the finished tasks. */
  interrupted: boolean;
  /** Where the tasks came from (`bfcl` for the shipped subset, else the tasks file). */
  source: string;
  seed: number;
  variants: EvalVariant[];
  categories: string[];
  /** Tasks per variant asked for. */
  taskCount: number;
  /** Per variant and category, then `category: 'all'` per variant. */
  rows: EvalRow[];
  recommended?: EvalRecommendation;
}

export interface EvalReport extends EvalSummary {
  outcomes: EvalOutcome[];
}
