import { isErrorNamed, ReinsError } from './reins-error.ts';

/** A Toolbox was asked to run a tool it does not have (e.g. the tool list changed). Fed back as an observation. */
export class ToolNotFoundError extends ReinsError {
  static readonly errorName = 'Reins_ToolNotFoundError';
  static override isInstance = isErrorNamed<ToolNotFoundError>(ToolNotFoundError.errorName);
  readonly fault = 'tool' as const;
  readonly toolName: string;
  readonly availableTools: string[];

  constructor(toolName: string, availableTools: string[]) {
    super(`No tool named ${JSON.stringify(toolName)}. Available: ${availableTools.join(', ') || '(none)'}.`);
    this.toolName = toolName;
    this.availableTools = availableTools;
  }
}
