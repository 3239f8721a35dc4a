import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A tool call was in flight when the process running it died (a durable run recovered by another
 * process or after a restart). Its effect is unknown, so it is not run again unless the tool
 * declares itself idempotent (MCP annotation `idempotentHint` or `readOnlyHint`): the model is told,
 * as an observation, and decides. Tool fault.
 */
export class ToolCallInterruptedError extends ReinsError {
  static readonly errorName = 'Reins_ToolCallInterruptedError';
  static override isInstance = isErrorNamed<ToolCallInterruptedError>(ToolCallInterruptedError.errorName);
  readonly fault = 'tool' as const;
  readonly toolName: string;
  /** The call's idempotency key (the same on every attempt of the call). */
  readonly idempotencyKey: string;

  constructor(toolName: string, idempotencyKey: string) {
    super(
      `The call to ${toolName} was interrupted before it returned (the process stopped). ` +
        'Its result is unknown and it may or may not have taken effect; it was not run again.',
    );
    this.toolName = toolName;
    this.idempotencyKey = idempotencyKey;
  }
}
