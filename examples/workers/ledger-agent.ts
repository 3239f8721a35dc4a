/**
 * The agent of the workers example: a delayed mock model (it plans one tool call, then answers) and
 * a tool with a side effect that must not happen twice: it appends a row to the `ledger` table, then
 * takes `toolMs` to finish. Per-run delays come from the run's meta (`config.modelMs`, `config.toolMs`)
 * so tests can make one call slow. Rows carry the call's idempotency key and the worker that wrote them.
 */
import type { Pool } from 'pg';
import { defineTool } from 'reins';
import { MockModel } from 'reins/testing';
import type { DurableAgentFactory } from 'reins/workers';

export const LEDGER_AGENT = 'ledger';

export const LEDGER_SCHEMA = `CREATE TABLE IF NOT EXISTS ledger (
  run_id TEXT NOT NULL, entry TEXT NOT NULL, idempotency_key TEXT, worker TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

/** Delays of a run, from its meta. */
export interface LedgerDelays {
  /** Each model turn takes this long. @default 20 */
  modelMs?: number;
  /** The tool takes this long after its effect. @default 10 */
  toolMs?: number;
  /** On this worker the tool hangs after its effect (so a test can kill the worker mid-call). */
  stallToolOn?: string;
  /** On this worker the first model turn hangs (so a test can kill the worker mid-turn). */
  stallModelOn?: string;
}

/** Long enough for a test to kill the worker. */
const STALL_MS = 120_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export function ledgerAgent(pool: Pool, worker: string): DurableAgentFactory {
  return ({ runId, meta }) => {
    const delays = (meta.config ?? {}) as LedgerDelays;
    const model = new MockModel(async (request) => {
      // The first turn records the task; once the tool's observation is in, the model answers.
      const first = request.messages.length < 3;
      await sleep(first && delays.stallModelOn === worker ? STALL_MS : (delays.modelMs ?? 20), request.signal);
      return !first
        ? JSON.stringify({ action: 'answer_user', answer: `recorded: ${meta.question}` })
        : JSON.stringify({ action: 'call_tool', tool: 'append_ledger', args: { entry: meta.question }, reason: 'record the task' });
    });
    const appendLedger = defineTool({
      name: 'append_ledger',
      description: 'Appends an entry to the ledger (not idempotent: each call adds a row).',
      input: { type: 'object', properties: { entry: { type: 'string' } }, required: ['entry'], additionalProperties: false },
      execute: async (args, context) => {
        const key = context.idempotencyKey ?? null;
        await pool.query('INSERT INTO ledger (run_id, entry, idempotency_key, worker) VALUES ($1, $2, $3, $4)', [runId, String(args.entry), key, worker]);
        await sleep(delays.stallToolOn === worker ? STALL_MS : (delays.toolMs ?? 10), context.signal);
        return 'appended';
      },
    });
    return { model, tools: [appendLedger], protocol: 'json' };
  };
}
