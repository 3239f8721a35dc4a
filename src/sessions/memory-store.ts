/**
 * A Store in process memory, for tests and short-lived embedding. Records are redacted and copied
 * through JSON on the way in, exactly as the SQLite store would keep them. Every run is owned by
 * this process (no other process can reach it); a final status releases it.
 */
import { randomUUID } from 'node:crypto';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import { configSecretValues, redactMeta, redactRecord } from './redact.ts';
import { SecretMasker } from './secret-masker.ts';
import { currentOwner } from './owner-liveness.ts';
import type { RecordInput, RunMeta, RunRecord, RunSummary, SessionStatus, StoredRun } from './run-records/run-record.ts';
import { matchRunId, selectRuns } from './select-runs.ts';
import { FINAL_STATUSES, type ListRunsOptions, type Store } from './store.ts';

interface MemoryRun {
  meta: RunMeta;
  summary: RunSummary;
  records: RunRecord[];
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class MemoryStore implements Store {
  readonly #runs = new Map<string, MemoryRun>();
  /** The secrets of each run's configuration, masked in its records. */
  readonly #maskers = new Map<string, SecretMasker>();

  async createRun(meta: RunMeta): Promise<string> {
    const id = randomUUID();
    const masker = new SecretMasker(configSecretValues(meta.config));
    if (!masker.empty) this.#maskers.set(id, masker);
    const safe = copy(masker.value(redactMeta(meta)));
    const now = new Date().toISOString();
    this.#runs.set(id, {
      meta: safe,
      summary: {
        id,
        question: safe.question,
        model: safe.model,
        protocol: safe.protocol,
        status: 'running',
        createdAt: now,
        updatedAt: now,
        recordCount: 0,
        owner: currentOwner(),
      },
      records: [],
    });
    return id;
  }

  async appendStep(runId: string, record: RecordInput): Promise<RunRecord> {
    const run = this.#get(runId);
    const stored = copy({ ...(this.#maskers.get(runId)?.value(redactRecord(record)) ?? redactRecord(record)), runId, seq: run.records.length + 1, at: new Date().toISOString() });
    run.records.push(stored);
    run.summary.recordCount = run.records.length;
    run.summary.updatedAt = stored.at;
    run.summary.owner = currentOwner();
    return copy(stored);
  }

  async claimRun(id: string): Promise<void> {
    this.#get(id).summary.owner = currentOwner();
  }

  async loadRun(id: string): Promise<StoredRun> {
    const run = this.#get(id);
    return copy({ summary: run.summary, meta: run.meta, records: run.records });
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    return copy(selectRuns([...this.#runs.values()].map((run) => run.summary), options));
  }

  async markStatus(id: string, status: SessionStatus): Promise<void> {
    const run = this.#get(id);
    run.summary.status = status;
    run.summary.updatedAt = new Date().toISOString();
    if (FINAL_STATUSES.includes(status)) delete run.summary.owner;
    else run.summary.owner = currentOwner();
  }

  async resolveId(prefix: string): Promise<string> {
    return matchRunId(prefix, [...this.#runs.keys()]);
  }

  async close(): Promise<void> {
    this.#runs.clear();
  }

  #get(id: string): MemoryRun {
    const run = this.#runs.get(id);
    if (!run) throw new SessionNotFoundError(id);
    return run;
  }
}
