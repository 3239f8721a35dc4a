import type { RunOwner } from '../spec/run-owner.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A stored run is being continued by another live process (its owner): resuming or writing it now
 * would interleave two runs' steps. User fault: wait for that process to end, or take the run over
 * on purpose (`reins resume --force`, `store.claimRun(id, { force: true })`). Never retried.
 */
export class SessionInUseError extends ReinsError {
  static readonly errorName = 'Reins_SessionInUseError';
  static override isInstance = isErrorNamed<SessionInUseError>(SessionInUseError.errorName);
  readonly fault = 'user' as const;
  /** The run asked for. */
  readonly runId: string;
  /** The process that owns it. */
  readonly owner: RunOwner;

  constructor(runId: string, owner: RunOwner, options: { cause?: unknown } = {}) {
    const seconds = Math.max(0, Math.round((Date.now() - Date.parse(owner.heartbeatAt)) / 1000));
    super(
      `Run ${runId} is in use by process ${owner.pid} on ${owner.host} (last active ${seconds} s ago). ` +
        'Wait for it to end, or take it over with --force if that process is not running it any more.',
      options,
    );
    this.runId = runId;
    this.owner = owner;
  }
}
