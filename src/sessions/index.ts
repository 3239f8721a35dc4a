/**
 * `reins/sessions`: durable runs. A Store keeps every step of a run as it happens, so runs can be
 * listed, shown and resumed after a crash or an exit while waiting for the human. Node only
 * (`node:sqlite`; `PostgresStore` loads the `pg` driver only when used).
 */
export type { ClaimRunOptions, ListRunsOptions, Store } from './store.ts';
export { FINAL_STATUSES, RESUMABLE_STATUSES } from './store.ts';
export { SqliteStore, defaultSessionsPath, type SqliteStoreOptions } from './sqlite-store.ts';
export { PostgresStore, isPostgresUrl, type PostgresStoreOptions } from './postgres-store.ts';
export { MemoryStore } from './memory-store.ts';
export type { EvalStore, ListEvalsOptions, StoredRecommendation } from './eval-store.ts';
export { SqliteEvalStore, type SqliteEvalStoreOptions } from './sqlite-eval-store.ts';
export { PostgresEvalStore, type PostgresEvalStoreOptions } from './postgres-eval-store.ts';
export { MemoryEvalStore } from './memory-eval-store.ts';
export { EvalNotFoundError } from '../errors/eval-not-found-error.ts';
export { SecretMasker, MIN_SECRET_LENGTH, isMaskable } from './secret-masker.ts';
export { SecretStream } from './secret-stream.ts';
export { listedStatus, type ListedStatus } from './listed-status.ts';
export {
  configSecretValues,
  containsRedacted,
  isSecretName,
  redactConfig,
  redactMeta,
  redactRecord,
  REDACTED,
} from './redact.ts';
export { DEFAULT_OWNER_TIMEOUT_MS, OWNER_HEARTBEAT_MS, ownedByAnother, type RunOwner } from './owner-liveness.ts';
export { recordFromEvent, storedError } from './run-records/record-from-event.ts';
export {
  rebuildTranscript,
  interruptedCallMessage,
  type RebuildOptions,
  type ResumePoint,
} from './run-records/rebuild-transcript.ts';
export type {
  InterruptedCall,
  RecordInput,
  RunMeta,
  RunRecord,
  RunRecordType,
  RunSummary,
  SessionStatus,
  StoredError,
  StoredRun,
} from './run-records/run-record.ts';
export { SessionNotFoundError } from '../errors/session-not-found-error.ts';
export { CorruptSessionError } from '../errors/corrupt-session-error.ts';
export { SessionStoreError } from '../errors/session-store-error.ts';
export { SessionInUseError } from '../errors/session-in-use-error.ts';
export { SessionStoreMissingError } from '../errors/session-store-missing-error.ts';
