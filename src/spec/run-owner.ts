/**
 * Who is continuing a stored run: one process (`pid` on `host`) with a heartbeat. The Store spec and
 * `SessionInUseError` carry it; `sessions/owner-liveness.ts` decides whether an owner is alive.
 */
export interface RunOwner {
  pid: number;
  host: string;
  /** ISO 8601: the owner's last write or heartbeat. */
  heartbeatAt: string;
}
