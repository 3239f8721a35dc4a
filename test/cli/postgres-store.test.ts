/**
 * The CLI against a Postgres store (`--store postgres://…` and `REINS_STORE`): a run killed while it
 * waits for the user is listed, shown and resumed from the database, by another process.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { FIXTURES, reins, startReins, tempWorkspace } from './cli-process.ts';

let server: PostgresServer;
let url: string;
let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => {
  [server, work] = await Promise.all([startPostgres(), tempWorkspace()]);
  url = await server.createDatabase('reins_cli');
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.destroy(), work?.remove()]);
});

describe('reins with a Postgres store', () => {
  it('lists, shows and resumes a run killed while it waited for the user', async () => {
    const model = `replay:${join(FIXTURES, 'ask-user.json')}`;
    const first = startReins(['run', 'plan a weekend trip', '--model', model, '--store', url, '--json'], { cwd: work.dir });
    const question = JSON.parse(await first.line((line) => line.includes('"type":"user-question"'))) as { runId: string };
    first.killHard();
    await first.finished;

    const env = { REINS_STORE: url };
    const listed = await reins(['sessions', '--json', '--status', 'waiting-user'], { cwd: work.dir, env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: question.runId, status: 'interrupted', storedStatus: 'waiting-user', model }]);

    const resumed = await reins(['resume', question.runId.slice(0, 8), '--store', url], { cwd: work.dir, input: 'Lisbon\n' });
    expect(resumed.stderr).toContain('Which city should the trip go to?');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/A weekend plan/);

    const shown = await reins(['show', question.runId, '--json'], { cwd: work.dir, env });
    expect(shown.code).toBe(0);
    const run = JSON.parse(shown.stdout) as { summary: { status: string }; records: Array<{ type: string; reply?: string; seq: number }> };
    expect(run.summary.status).toBe('answered');
    expect(run.records.filter((record) => record.type === 'user-reply').map((record) => record.reply)).toEqual(['Lisbon']);
    expect(run.records.map((record) => record.seq)).toEqual(run.records.map((_record, index) => index + 1));
  }, 90_000);

  it('reports an unreachable Postgres store as a store error, without the password', async () => {
    const listed = await reins(['sessions', '--store', 'postgres://reins:hunter2@127.0.0.1:1/none'], { cwd: work.dir });
    expect(listed.code).not.toBe(0);
    expect(listed.stderr).toContain('postgres://reins:***@127.0.0.1:1/none');
    expect(listed.stderr).not.toContain('hunter2');
  });
});
