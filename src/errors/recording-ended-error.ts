import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A replayed recording has no more model turns, yet the loop asked for another one. The recording
 * does not fit this run (other tools, other protocol, more steps): never retried.
 */
export class RecordingEndedError extends ReinsError {
  static readonly errorName = 'Reins_RecordingEndedError';
  static override isInstance = isErrorNamed<RecordingEndedError>(RecordingEndedError.errorName);
  readonly fault = 'user' as const;
  /** The recording's name (its file name, when read from a file). */
  readonly recording: string;
  /** How many turns were replayed before it ran out. */
  readonly turnsPlayed: number;

  constructor(recording: string, turnsPlayed: number) {
    super(
      `The replay recording "${recording}" ended after ${turnsPlayed} model turn(s), but the run asked for another. ` +
        'A replay only reproduces the session it was recorded from.',
    );
    this.recording = recording;
    this.turnsPlayed = turnsPlayed;
  }
}
