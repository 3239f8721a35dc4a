import { isErrorNamed, ReinsError } from './reins-error.ts';
import { describeThrown } from './describe-thrown.ts';

/** A tool threw instead of returning a result. Fed back to the model as an observation. */
export class ToolExecutionError extends ReinsError {
  static readonly errorName = 'Reins_ToolExecutionError';
  static override isInstance = isErrorNamed<ToolExecutionError>(ToolExecutionError.errorName);
  readonly fault = 'tool' as const;
  readonly toolName: string;

  constructor(toolName: string, options: { cause?: unknown; message?: string } = {}) {
    const detail = options.cause === undefined ? 'unknown error' : describeThrown(options.cause);
    super(options.message ?? `Tool ${toolName} failed: ${detail}`, { cause: options.cause });
    this.toolName = toolName;
  }
}
