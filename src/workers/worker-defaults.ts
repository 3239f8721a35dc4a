/**
 * Names and defaults every worker and every submitter must agree on.
 */

/** The DBOS application name: scopes reins' workflows and queues in the system database. */
export const REINS_APPLICATION = 'reins';

/** The queue that `enqueueRun` and `reins run --queue` submit to. */
export const RUNS_QUEUE = 'reins-runs';

/** Runs one worker runs at once. @default 8 */
export const DEFAULT_CONCURRENCY = 8;

/** Heartbeat (and recovery pass) interval. @default 5000 */
export const DEFAULT_HEARTBEAT_MS = 5_000;

/** A worker whose heartbeat has not moved for this long is dead and its runs are recovered. @default 30000 */
export const DEFAULT_DEAD_AFTER_MS = 30_000;

/** How often an idle worker asks the queue for runs. @default 1000 */
export const DEFAULT_POLL_MS = 1_000;

/** How long a run's store writes wait for Postgres to come back. @default 120000 */
export const DEFAULT_STORE_OUTAGE_MS = 120_000;
