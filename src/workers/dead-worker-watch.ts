/**
 * Tells dead workers from live ones by watching their beat counters, on this process's own clock:
 * a worker is dead when this watcher, reading the table at every pass, has seen its counter unchanged
 * for `deadAfterMs`. Clocks of other machines never enter into it, and a pass that could not read the
 * table (Postgres restarting, a partition) forgets every observation: after an outage each worker
 * gets a full `deadAfterMs` to beat again before anyone takes its runs. A released row (a clean stop,
 * or a fence by a watcher that died before finishing) is handed over at once.
 */
import type { WorkerRow } from './worker-heartbeats.ts';

interface Seen {
  beat: number;
  /** When this watcher first saw that counter value (its own clock). */
  since: number;
}

export class DeadWorkerWatch {
  readonly #deadAfterMs: number;
  readonly #seen = new Map<string, Seen>();

  constructor(deadAfterMs: number) {
    this.#deadAfterMs = deadAfterMs;
  }

  /**
   * Records one reading of the table and returns the workers to recover: released rows, and rows
   * whose counter has not moved for `deadAfterMs`. `self` is never returned.
   */
  observe(rows: readonly WorkerRow[], self: string, now = performance.now()): WorkerRow[] {
    const present = new Set<string>();
    const dead: WorkerRow[] = [];
    for (const row of rows) {
      present.add(row.executorId);
      if (row.executorId === self) continue;
      if (row.released) {
        dead.push(row);
        continue;
      }
      const seen = this.#seen.get(row.executorId);
      if (!seen || seen.beat !== row.beat) this.#seen.set(row.executorId, { beat: row.beat, since: now });
      else if (now - seen.since >= this.#deadAfterMs) dead.push(row);
    }
    for (const id of this.#seen.keys()) if (!present.has(id)) this.#seen.delete(id);
    return dead;
  }

  /** A pass that could not read the table: nothing seen so far counts any more. */
  forget(): void {
    this.#seen.clear();
  }
}
