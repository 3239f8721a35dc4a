/**
 * Keeps a run in a Store as it happens. Each event becomes a record (`recordFromEvent`) appended in
 * order; the event reaches the run's consumer only after its record is committed, so whatever a
 * caller has seen is on disk. `flush` waits for every pending append: the loop calls it before each
 * model call, tool call and question to the human (see `persisted-parts.ts`), so each step is
 * committed before the next one starts. A failed append fails the next `flush` (and so the run).
 * The run's status follows the human: `waiting-user` from a question or approval request (committed
 * before that event is delivered) until the reply, `running` otherwise.
 */
import type { Store } from '../sessions/store.ts';
import { recordFromEvent } from '../sessions/record-from-event.ts';
import type { AgentEvent } from './events.ts';

export class RunRecorder {
  readonly store: Store;
  readonly runId: string;
  readonly #deliver: (event: AgentEvent) => void;
  #chain: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | undefined;
  #waiting = false;

  constructor(store: Store, runId: string, deliver: (event: AgentEvent) => void) {
    this.store = store;
    this.runId = runId;
    this.#deliver = deliver;
  }

  /** Queues the event's record; the event is delivered once the record is committed. */
  record(event: AgentEvent): void {
    const record = recordFromEvent(event);
    this.#chain = this.#chain.then(async () => {
      if (record && !this.#failure) {
        try {
          await this.store.appendStep(this.runId, record);
          await this.#followHuman(event);
        } catch (error) {
          this.#failure = { error };
        }
      }
      this.#deliver(event);
    });
  }

  async #followHuman(event: AgentEvent): Promise<void> {
    const asks = event.type === 'user-question' || event.type === 'approval-request' || (event.type === 'run-resume' && event.pendingQuestion !== undefined);
    if (asks === this.#waiting || event.type === 'decision-delta' || event.type === 'tool-progress') return;
    this.#waiting = asks;
    await this.store.markStatus(this.runId, asks ? 'waiting-user' : 'running');
  }

  /** Resolves when every record so far is committed; rejects with the first append failure. */
  async flush(): Promise<void> {
    await this.#chain;
    if (this.#failure) throw this.#failure.error;
  }

  /** Commits what is pending and sets the run's status in the store. */
  async finish(status: Parameters<Store['markStatus']>[1]): Promise<void> {
    await this.flush();
    await this.store.markStatus(this.runId, status);
  }
}
