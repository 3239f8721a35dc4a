/**
 * `reins worker` writes to Postgres through the same secret mask as `reins run` writes to its store:
 * a queued run whose tool echoes a secret of the worker's environment (server-everything's
 * `get-env`) leaves no trace of it in the shared database.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING, FIXTURES, startReins, tempWorkspace } from '../cli/cli-process.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';

const SECRET = 'svc-token-5f3a9c27e1d84b60';

let server: PostgresServer;
let pool: pg.Pool;
beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await server?.destroy();
});

it('masks the secrets of the worker environment in every record it writes', async () => {
  const work = await tempWorkspace();
  const env = { MY_SERVICE_TOKEN: SECRET };
  const worker = startReins(['worker', '--store', server.url, '--heartbeat', '1'], { cwd: work.dir, env });
  try {
    const config = await work.write('mcp.json', { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { API_TOKEN: '${MY_SERVICE_TOKEN}' } } } });
    const model = `replay:${join(FIXTURES, 'get-env.json')}`;
    const submitted = startReins(['run', '--queue', 'what is configured?', '--config', config, '--model', model, '--store', server.url, '--json'], { cwd: work.dir, env });
    submitted.child.stdin?.end();
    const end = await submitted.finished;
    expect(end.code, end.stderr).toBe(0);
    const runId = String((JSON.parse(end.stdout.split('\n')[0]!) as { runId: string }).runId);
    const { rows } = await pool.query<{ type: string; body: string }>('SELECT type, body::text AS body FROM reins_records WHERE run_id = $1 ORDER BY seq', [runId]);
    const result = rows.find((row) => row.type === 'tool-call-end')?.body ?? '';
    expect(result).toContain('API_TOKEN');
    expect(result).toContain('[redacted]');
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(end.stdout).not.toContain(SECRET);
  } finally {
    worker.child.kill('SIGTERM');
    await worker.finished;
    await work.remove();
  }
}, 90_000);
