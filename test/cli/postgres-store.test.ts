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

/** The id of the newest run once it waits for the user. */
async function waitForRun(): Promise<string> {
  for (;;) {
    const listed = await reins(['sessions', '--json', '--status', 'waiting-user', '--store', url], { cwd: work.dir });
    const runs = JSON.parse(listed.stdout) as Array<{ id: string; storedStatus: string; question: string }>;
    const waiting = runs.find((run) => run.question === 'plan a weekend trip' && run.storedStatus === 'waiting-user');
    if (waiting) return waiting.id;
  }
}

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

  it('ends a run whose Postgres stops mid-run with a store error, and resumes it once Postgres is back', async () => {
    const model = `replay:${join(FIXTURES, 'ask-user.json')}`;
    const first = startReins(['run', 'plan a weekend trip', '--model', model, '--store', url], { cwd: work.dir });
    const runId = await waitForRun();
    await server.stop();
    first.child.stdin?.end('Porto\n');
    const ended = await first.finished;
    expect(ended.code).not.toBe(0);
    expect(ended.stderr).toMatch(/Sessions database postgres:\/\/reins@127\.0\.0\.1:\d+\/reins_cli/);
    await server.start();

    const resumed = await reins(['resume', runId, '--store', url], { cwd: work.dir, input: 'Lisbon\n' });
    expect(resumed.code).toBe(0);
    const shown = JSON.parse((await reins(['show', runId, '--json', '--store', url], { cwd: work.dir })).stdout) as {
      summary: { status: string };
      records: Array<{ type: string; reply?: string }>;
    };
    expect(shown.summary.status).toBe('answered');
    expect(shown.records.filter((record) => record.type === 'user-reply').map((record) => record.reply)).toEqual(['Lisbon']);
  }, 90_000);

  it('reports an unreachable Postgres store as a store error, without the password', async () => {
    const listed = await reins(['sessions', '--store', 'postgres://reins:hunter2@127.0.0.1:1/none'], { cwd: work.dir });
    expect(listed.code).not.toBe(0);
    expect(listed.stderr).toContain('postgres://reins:***@127.0.0.1:1/none');
    expect(listed.stderr).not.toContain('hunter2');
  });
});
