/**
 * Names and defaults every worker and every submitter must agree on.
 */

/** The DBOS application name: scopes reins' workflows and queues in the system database. */
export const REINS_APPLICATION = 'reins';

/** The queue that `enqueueRun` and `reins run --queue` submit to. */
export const RUNS_QUEUE = 'reins-runs';

/**
 * The DBOS application version every worker runs, pinned instead of DBOS's default (a hash of the
 * registered code, which changes with every reins release and would leave pending runs to no one).
 * It names the shape of the durable run workflow (its steps, their order and arguments): bump it only
 * when a release changes that shape, and then keep a worker of the old version running until its
 * runs end (docs/deploy.md).
 */
export const WORKFLOW_VERSION = 'reins-run-v1';

/** Runs one worker runs at once. @default 8 */
export const DEFAULT_CONCURRENCY = 8;

/** Heartbeat (and recovery pass) interval. @default 5000 */
export const DEFAULT_HEARTBEAT_MS = 5_000;

/** A worker whose heartbeat has not moved for this long is dead and its runs are recovered. @default 30000 */
export const DEFAULT_DEAD_AFTER_MS = 30_000;

/** How often an idle worker asks the queue for runs. @default 1000 */
export const DEFAULT_POLL_MS = 1_000;
