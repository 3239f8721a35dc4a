import { isErrorNamed, ReinsError } from './reins-error.ts';

/** What was wrong with the model's output. */
export type InvalidDecisionKind =
  | 'empty' // nothing usable in the output
  | 'no-decision' // text found, but no decision in the protocol (or a known dialect)
  | 'invalid-json' // JSON that could not be read even after repair
  | 'schema' // the decision does not match the decision schema
  | 'unknown-tool' // a tool name not in the Toolbox
  | 'invalid-args' // arguments do not validate against the tool's input schema
  | 'too-many-actions' // more actions than the turn allows
  | 'unknown-action' // an action type (or workflow action) not on offer, e.g. an envelope `script` with no handler
  | 'unknown-variable' // a `$(...)` the run cannot resolve
  | 'status-mismatch' // the envelope's status disagrees with its actions (SUCCESS_FINAL with a tool call)
  | 'truncated'; // the output hit the token limit (finish reason `length`) where a cut matters

/**
 * The model's output could not be accepted as a decision. Model fault: the loop retries with
 * the codec's correction. `parse` returns it inside a failed result; it is thrown only when
 * retries are exhausted (wrapped in `RetriesExhaustedError`).
 */
export class InvalidDecisionError extends ReinsError {
  static readonly errorName = 'Reins_InvalidDecisionError';
  static override isInstance = isErrorNamed<InvalidDecisionError>(InvalidDecisionError.errorName);
  readonly fault = 'model' as const;
  readonly kind: InvalidDecisionKind;
  /** The raw model output. */
  readonly rawText: string;
  /** The tool the output named, when one was named (sanitized before it reaches a prompt). */
  readonly toolName?: string;
  /** Names of the tools that exist, for `unknown-tool`. */
  readonly availableTools?: string[];
  /** Validation messages, e.g. `/n must be integer`. */
  readonly details: string[];

  constructor(
    message: string,
    fields: {
      kind: InvalidDecisionKind;
      rawText: string;
      toolName?: string;
      availableTools?: string[];
      details?: string[];
      cause?: unknown;
    },
  ) {
    super(message, { cause: fields.cause });
    this.kind = fields.kind;
    this.rawText = fields.rawText;
    this.toolName = fields.toolName;
    this.availableTools = fields.availableTools;
    this.details = fields.details ?? [];
  }
}
