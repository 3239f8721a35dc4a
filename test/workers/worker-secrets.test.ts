/**
 * `reins worker` writes to Postgres through the same secret mask as `reins run` writes to its store:
 * a queued run whose tool echoes a secret of the worker's environment (server-everything's
 * `get-env`) leaves no trace of it in the shared database. The worker exports its runs' spans when
 * the OTEL_* variables ask for it (a real OTLP/HTTP receiver on loopback), masked the same way.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING, FIXTURES, startReins, tempWorkspace } from '../cli/cli-process.ts';
import { otlpAttribute, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';

const SECRET = 'svc-token-5f3a9c27e1d84b60';

let server: PostgresServer;
let pool: pg.Pool;
let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await receiver?.close();
  await pool?.end();
  await server?.destroy();
});

it('masks the secrets of the worker environment in every record it writes and every span it exports', async () => {
  const work = await tempWorkspace();
  const env = { MY_SERVICE_TOKEN: SECRET };
  const worker = startReins(['worker', '--store', server.url, '--heartbeat', '1'], { cwd: work.dir, env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin } });
  let runId = '';
  try {
    const config = await work.write('mcp.json', { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { API_TOKEN: '${MY_SERVICE_TOKEN}' } } } });
    const model = `replay:${join(FIXTURES, 'get-env.json')}`;
    const submitted = startReins(['run', '--queue', 'what is configured?', '--config', config, '--model', model, '--store', server.url, '--json'], { cwd: work.dir, env });
    submitted.child.stdin?.end();
    const end = await submitted.finished;
    expect(end.code, end.stderr).toBe(0);
    runId = String((JSON.parse(end.stdout.split('\n')[0]!) as { runId: string }).runId);
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
  // Stopping the worker sends the spans still queued.
  const spans = receiver.spans();
  const root = spans.find((span) => span.name === 'invoke_agent reins' && otlpAttribute(span.attributes, 'gen_ai.conversation.id') === runId);
  expect(otlpAttribute(root?.attributes, 'reins.status')).toBe('answered');
  expect(spans.filter((span) => span.name.startsWith('execute_tool ')).length).toBeGreaterThan(0);
  expect(JSON.stringify(receiver.requests)).not.toContain(SECRET);
}, 90_000);
