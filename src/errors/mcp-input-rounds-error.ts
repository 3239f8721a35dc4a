import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A 2026-07-28 server kept answering a tool call with `input_required` past the client's cap on
 * rounds (`maxInputRounds`). The call is abandoned; the model sees the failure as an observation.
 */
export class McpInputRoundsError extends ReinsError {
  static readonly errorName = 'Reins_McpInputRoundsError';
  static override isInstance = isErrorNamed<McpInputRoundsError>(McpInputRoundsError.errorName);
  readonly fault = 'limit' as const;
  readonly serverName: string;
  readonly toolName: string;
  /** The cap that was reached. */
  readonly rounds: number;

  constructor(fields: { serverName: string; toolName: string; rounds: number; cause?: unknown }) {
    super(
      `MCP server "${fields.serverName}" asked for input more than ${fields.rounds} times while running ${fields.toolName}; the call was abandoned.`,
      { cause: fields.cause },
    );
    this.serverName = fields.serverName;
    this.toolName = fields.toolName;
    this.rounds = fields.rounds;
  }
}
