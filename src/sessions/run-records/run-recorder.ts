/**
 * Keeps a run in a Store as it happens. Each event becomes a record (`recordFromEvent`) appended in
 * order; the event reaches the run's consumer only after its record is committed, so whatever a
 * caller has seen is on disk. `flush` waits for every pending append: the loop calls it before each
 * model call, tool call and question to the human (see `persisted-parts.ts`), so each step is
 * committed before the next one starts. A failed append fails the next `flush` (and so the run).
 * The run's status follows the human: `waiting-user` from a question or approval request (committed
 * before that event is delivered) until the reply, `running` otherwise.
 * A question that nobody could answer (no UserChannel) gets an automatic `user-reply` record with
 * what the model was told, so the transcript shows it. While the run is live the recorder refreshes
 * the store's owner heartbeat (`Store.claimRun`), so no other process takes the run over.
 */
import type { RecordInput } from './run-record.ts';
import { OWNER_HEARTBEAT_MS } from '../owner-liveness.ts';
import type { Store } from '../store.ts';
import { recordFromEvent } from './record-from-event.ts';
import { noUserReply } from '../../protocols/user-reply-content.ts';
import type { AgentEvent } from '../../spec/events.ts';

export class RunRecorder {
  readonly store: Store;
  readonly runId: string;
  readonly #deliver: (event: AgentEvent) => void;
  #chain: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | undefined;
  #waiting = false;
  /** The step of a question still without a reply. */
  #openQuestion: number | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(store: Store, runId: string, deliver: (event: AgentEvent) => void) {
    this.store = store;
    this.runId = runId;
    this.#deliver = deliver;
  }

  /** Queues the event's record; the event is delivered once the record is committed. */
  record(event: AgentEvent): void {
    const records = this.#recordsOf(event);
    this.#startHeartbeat();
    if (event.type === 'run-end') this.#stopHeartbeat();
    this.#chain = this.#chain.then(async () => {
      if (records.length > 0 && !this.#failure) {
        try {
          for (const record of records) await this.store.appendStep(this.runId, record);
          await this.#followHuman(event);
        } catch (error) {
          this.#fail(error);
        }
      }
      this.#deliver(event);
    });
  }

  /** The event's record, preceded by an automatic reply when a question was left unanswered. */
  #recordsOf(event: AgentEvent): RecordInput[] {
    const record = recordFromEvent(event);
    if (!record) return [];
    const records: RecordInput[] = [];
    if (this.#openQuestion !== undefined && record.type !== 'user-reply' && record.type !== 'run-end') {
      records.push({ type: 'user-reply', step: this.#openQuestion, reply: noUserReply, automatic: true });
    }
    if (record.type === 'user-question') this.#openQuestion = record.step;
    else if (record.type === 'run-resume' && event.type === 'run-resume' && event.pendingQuestion) this.#openQuestion = record.step;
    else this.#openQuestion = undefined;
    records.push(record);
    return records;
  }

  async #followHuman(event: AgentEvent): Promise<void> {
    const asks = event.type === 'user-question' || event.type === 'approval-request' || (event.type === 'run-resume' && event.pendingQuestion !== undefined);
    if (asks === this.#waiting || event.type === 'decision-delta' || event.type === 'tool-progress') return;
    this.#waiting = asks;
    await this.store.markStatus(this.runId, asks ? 'waiting-user' : 'running');
  }

  /** Refreshes the owner heartbeat while the run is live; a refused claim (taken over) fails the run. */
  #startHeartbeat(): void {
    const claim = this.store.claimRun?.bind(this.store);
    if (this.#heartbeat || !claim || this.#failure) return;
    this.#heartbeat = setInterval(() => {
      claim(this.runId).catch((error: unknown) => this.#fail(error));
    }, OWNER_HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
  }

  #fail(error: unknown): void {
    this.#failure ??= { error };
    this.#stopHeartbeat();
  }

  /** Resolves when every record so far is committed; rejects with the first append failure. */
  async flush(): Promise<void> {
    await this.#chain;
    if (this.#failure) throw this.#failure.error;
  }

  /** Commits what is pending and sets the run's status in the store. */
  async finish(status: Parameters<Store['markStatus']>[1]): Promise<void> {
    try {
      await this.flush();
      await this.store.markStatus(this.runId, status);
    } finally {
      this.#stopHeartbeat();
    }
  }
}
