/**
 * A stored run as the run page reads it: its summary, metadata and records, plus for every model
 * reply whose decision needed repair the repaired parts of its raw text (`repairSegments`).
 */
import type { RunRecord, StoredRun } from '../sessions/run-records/run-record.ts';
import type { ListedStatus } from '../sessions/listed-status.ts';
import { repairSegments, type RepairSegment } from './repair-segments.ts';

export interface RunView extends StoredRun {
  /** The status to show: the stored one, or `interrupted` for a live run whose owner is gone (as the list and `reins sessions` say). */
  status: ListedStatus;
  /** By the `seq` of a `model-response` record whose turn was accepted after repair. */
  repairs: Record<number, RepairSegment[]>;
}

export function runView(run: StoredRun, status: ListedStatus): RunView {
  const repairs: Record<number, RepairSegment[]> = {};
  let reply: RunRecord | undefined;
  for (const record of run.records) {
    if (record.type === 'model-response') reply = record;
    else if (record.type === 'decision' && record.repaired && reply?.type === 'model-response' && reply.text) {
      repairs[reply.seq] = repairSegments(reply.text);
    } else if (record.type === 'model-request') reply = undefined;
  }
  return { ...run, status, repairs };
}
