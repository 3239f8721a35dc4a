import { isErrorNamed, ReinsError } from './reins-error.ts';

/** A tool did not finish within its timeout. Fed back to the model as an observation. */
export class ToolTimeoutError extends ReinsError {
  static readonly errorName = 'Reins_ToolTimeoutError';
  static override isInstance = isErrorNamed<ToolTimeoutError>(ToolTimeoutError.errorName);
  readonly fault = 'tool' as const;
  readonly toolName: string;
  readonly timeoutMs: number;

  constructor(toolName: string, timeoutMs: number) {
    super(`Tool ${toolName} timed out after ${timeoutMs} ms.`);
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }
}
