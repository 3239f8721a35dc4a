/**
 * The store as one execution of a durable run's workflow sees it. The run was created before the
 * workflow started (`startDurableRun`), so `createRun` answers with its id and makes this process
 * its owner. A recovered workflow replays the run from its start, and the loop emits again the
 * events an earlier attempt already stored: the records are the same, in the same order (each
 * follows from the checkpointed steps), so the first `stored` appends are skipped and the records
 * after them are appended as usual.
 */
import type { RecordInput, RunMeta, RunRecord } from '../sessions/run-records/run-record.ts';
import type { ClaimRunOptions, ListRunsOptions, Store } from '../sessions/store.ts';

export class WorkflowStore implements Store {
  readonly #store: Store;
  readonly #runId: string;
  /** Records an earlier attempt stored, still to be skipped. */
  #skip: number;

  constructor(store: Store, runId: string, stored: number) {
    this.#store = store;
    this.#runId = runId;
    this.#skip = stored;
  }

  async createRun(_meta: RunMeta): Promise<string> {
    await this.#store.claimRun?.(this.#runId, { force: true });
    return this.#runId;
  }

  async appendStep(runId: string, record: RecordInput): Promise<RunRecord> {
    if (runId === this.#runId && this.#skip > 0) {
      this.#skip -= 1;
      return { ...record, runId, seq: 0, at: new Date().toISOString() } as RunRecord;
    }
    return this.#store.appendStep(runId, record);
  }

  loadRun(id: string) {
    return this.#store.loadRun(id);
  }

  listRuns(options?: ListRunsOptions) {
    return this.#store.listRuns(options);
  }

  markStatus(id: string, status: Parameters<Store['markStatus']>[1]) {
    return this.#store.markStatus(id, status);
  }

  resolveId(prefix: string) {
    return this.#store.resolveId(prefix);
  }

  claimRun(id: string, options?: ClaimRunOptions) {
    return this.#store.claimRun?.(id, options) ?? Promise.resolve();
  }

  /** The store belongs to the process, not to one run: closing the view leaves it open. */
  async close(): Promise<void> {}
}
