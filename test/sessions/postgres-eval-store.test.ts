import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEvalStore } from '../../src/sessions/postgres-eval-store.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { evalReport, runEvalStoreContract } from './eval-store-contract.ts';

let server: PostgresServer;
let url: string;
beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('reins_eval_test');
}, 60_000);
afterAll(async () => {
  await server?.destroy();
});

/** A store on the test database, its eval tables emptied first (one store at a time uses it). */
async function freshStore(): Promise<PostgresEvalStore> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS reins_eval_outcomes, reins_evals');
  await client.end();
  return new PostgresEvalStore({ url });
}

runEvalStoreContract('PostgresEvalStore', freshStore);

describe('PostgresEvalStore', () => {
  it('reads read-only, and a database without the eval tables holds no evals', async () => {
    const empty = await server.createDatabase('reins_eval_empty');
    const viewer = new PostgresEvalStore({ url: empty, readOnly: true });
    expect(await viewer.listEvals()).toEqual([]);
    await viewer.close();
    const writer = await freshStore();
    const id = await writer.saveEval(evalReport('m', '2026-01-01T00:00:00.000Z'));
    await writer.close();
    const reader = new PostgresEvalStore({ url, readOnly: true });
    expect((await reader.loadEval(id)).outcomes).toHaveLength(2);
    await expect(reader.saveEval(evalReport('m', '2026-01-01T00:01:00.000Z'))).rejects.toThrow(/read-only/);
    await reader.close();
  });
});
