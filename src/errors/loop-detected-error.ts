import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/** The model kept calling the same tool with the same arguments after it was told to stop. */
export class LoopDetectedError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_LoopDetectedError';
  static override isInstance = isErrorNamed<LoopDetectedError>(LoopDetectedError.errorName);
  readonly fault = 'limit' as const;
  readonly toolName: string;
  readonly args: Record<string, unknown>;
  /** How many identical calls in a row were seen. */
  readonly repeats: number;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: { toolName: string; args: Record<string, unknown>; repeats: number } & RunSnapshot) {
    super(`Loop detected: ${fields.toolName} was called ${fields.repeats} times in a row with the same arguments.`);
    this.toolName = fields.toolName;
    this.args = fields.args;
    this.repeats = fields.repeats;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
