/**
 * The status a listing shows for a run: the stored one, except that a run stored as `running` or
 * `waiting-user` whose owner is gone (the process died: `kill -9`, a crash, a closed terminal) is
 * `interrupted`: nobody continues it, and `resume` can.
 */
import { DEFAULT_OWNER_TIMEOUT_MS, ownedByAnother } from './owner-liveness.ts';
import type { RunSummary, SessionStatus } from './run-records/run-record.ts';

export type ListedStatus = SessionStatus | 'interrupted';

export function listedStatus(summary: RunSummary, ownerTimeoutMs = DEFAULT_OWNER_TIMEOUT_MS): ListedStatus {
  const live = summary.status === 'running' || summary.status === 'waiting-user';
  return live && !ownedByAnother(summary.owner, ownerTimeoutMs) ? 'interrupted' : summary.status;
}
