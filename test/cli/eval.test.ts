/**
 * `reins eval` as a real process against an OpenAI-compatible fixture server (the real AI SDK
 * provider over HTTP): the table, the recommendation, the stored eval that `reins run --protocol
 * auto` then uses, `--json`, `--tasks` against an MCP server's tools, and Ctrl-C keeping what finished.
 */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEvalStore } from '../../src/sessions/sqlite-eval-store.ts';
import type { EvalReport } from '../../src/spec/eval-report.ts';
import { fixture, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts';
import { FIXTURES, reins, startReins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let server: FixtureServer;
beforeAll(async () => (work = await tempWorkspace()));
afterAll(() => work.remove());
beforeEach(async () => (server = await startFixtureServer()));
afterEach(() => server.close());

/** Each model call answers without a call: irrelevance tasks are right, the others wrong. */
const answers = (count: number) => Array.from({ length: count }, () => fixture('openai-compatible', 'stream-answer.chunks'));
const modelOf = () => `openai-compatible:qwen@${server.url}/v1`;

describe('reins eval against an OpenAI-compatible server', () => {
  it('prints the table and a recommendation, keeps the eval, and `reins run --protocol auto` uses it', async () => {
    server.enqueue(...answers(20));
    const store = join(work.dir, 'fixture.db');
    const done = await reins(['eval', '--model', modelOf(), '--categories', 'irrelevance,simple', '--limit', '4', '--store', store], { cwd: work.dir });
    expect(done.stderr).toMatch(/eval [0-9a-f-]{36} kept in/);
    expect(done.code).toBe(0);
    const lines = done.stdout.split('\n');
    expect(lines[0]).toMatch(/^protocol\s+category\s+tasks\s+accuracy\s+valid 1st\s+corrections\s+in tokens\s+out tokens\s+p50 ms\s+p95 ms$/);
    const rows = lines.slice(2).filter((line) => /^\S+\s+\S+\s+\d/.test(line)).map((line) => line.split(/\s+/));
    const row = (protocol: string, category: string) => rows.find((cells) => cells[0] === protocol && cells[1] === category)!;
    for (const protocol of ['native', 'json', 'envelope', 'xml', 'line']) {
      // tasks, accuracy, valid first replies, corrections
      expect(row(protocol, 'irrelevance').slice(2, 6)).toEqual(['2', '100.0%', '100.0%', '0']);
      expect(row(protocol, 'simple').slice(2, 6)).toEqual(['2', '0.0%', '100.0%', '0']);
      expect(row(protocol, 'all').slice(2, 6)).toEqual(['4', '50.0%', '100.0%', '0']);
    }
    // Every protocol has the same accuracy: the one with the fewest tokens a task is recommended.
    const tokens = (cells: string[]) => Number(cells[6]!.replace(',', '')) + Number(cells[7]!.replace(',', ''));
    const fewest = rows.filter((cells) => cells[1] === 'all').sort((a, b) => tokens(a) - tokens(b))[0]!;
    expect(done.stdout).toMatch(new RegExp(`recommended: ${fewest[0]!.replace('+', '\\+')} \\(accuracy 50\\.0%, [\\d,]+ tokens a task\\)`));
    expect(server.requests).toHaveLength(20);
    expect(server.requests.every((request) => request.path === '/v1/chat/completions')).toBe(true);

    server.enqueue(fixture('openai-compatible', 'stream-answer.chunks'));
    const run = await reins(['run', 'What is the weather in Paris?', '--model', modelOf(), '--store', store, '--no-input'], { cwd: work.dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`protocol auto: ${fewest[0]}, recommended for openai-compatible:qwen@.* by reins eval [0-9a-f]{8} \\(\\d{4}-\\d\\d-\\d\\d, accuracy 50\\.0%\\)`));
    expect(run.stderr).toContain(`protocol ${fewest[0]}`);
  }, 120_000);

  it('--json gives the whole report', async () => {
    server.enqueue(...answers(2));
    const done = await reins(['eval', '--model', modelOf(), '--protocols', 'json,xml', '--categories', 'irrelevance', '--limit', '1', '--json', '--no-save'], { cwd: work.dir });
    expect(done.code).toBe(0);
    const report = JSON.parse(done.stdout) as EvalReport;
    expect(report.variants.map((variant) => variant.id)).toEqual(['json', 'xml']);
    expect(report.outcomes.map((outcome) => [outcome.variant, outcome.correct, outcome.calls])).toEqual([
      ['json', true, []],
      ['xml', true, []],
    ]);
    expect(report.outcomes[0]!.raw).toEqual(['{"action":"answer_user","answer":"It is 18°C and sunny in Paris.","confidence":0.9}']);
    expect(done.stderr).not.toContain('kept in');
  }, 60_000);

  it('--tasks: your own tasks against the tools of the configured MCP servers', async () => {
    const tasks = join(work.dir, 'mine.jsonl');
    const question = (content: string) => [[{ role: 'user', content }]];
    await writeFile(
      tasks,
      [
        { id: 'read-color', question: question('What is stored under color?'), ground_truth: [{ get_value: { key: ['color'] } }] },
        { id: 'chat', question: question('Tell me a joke.'), ground_truth: [] },
      ]
        .map((entry) => JSON.stringify(entry))
        .join('\n'),
    );
    server.enqueue(...answers(2));
    const kv = `${process.execPath} ${join(FIXTURES, 'kv-server.ts')}`;
    const args = ['eval', '--model', modelOf(), '--protocols', 'json', '--tasks', tasks, '--server', kv, '--json', '--no-save'];
    const done = await reins(args, { cwd: work.dir, env: { KV_FILE: join(work.dir, 'kv.json') } });
    expect(done.code).toBe(0);
    const report = JSON.parse(done.stdout) as EvalReport;
    expect(report.source).toBe(tasks);
    expect(report.outcomes.map((outcome) => [outcome.taskId, outcome.correct, outcome.reason])).toEqual([
      ['read-color', false, 'made 0 calls, expected 1'],
      ['chat', true, ''],
    ]);
    // The servers' tools are the ones offered.
    expect(server.requests[0]!.body.messages[0].content).toContain('get_value');

    await writeFile(tasks, JSON.stringify({ id: 'x', question: question('q'), ground_truth: [{ drop_table: { name: ['t'] } }] }));
    const bad = await reins(args, { cwd: work.dir, env: { KV_FILE: join(work.dir, 'kv.json') } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('task x expects a call of "drop_table", which no configured MCP server offers');
  }, 60_000);

  it('refuses a bad tasks file, protocol or category with exit 2', async () => {
    const tasks = join(work.dir, 'broken.jsonl');
    await writeFile(tasks, '{"id": "a", "question": "hi"}\n');
    const broken = await reins(['eval', '--model', modelOf(), '--tasks', tasks], { cwd: work.dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${tasks}:1: "question" must be one turn`);
    const protocol = await reins(['eval', '--model', modelOf(), '--protocols', 'yaml'], { cwd: work.dir });
    expect(protocol.code).toBe(2);
    expect(protocol.stderr).toContain('Unknown protocol `yaml` for the eval');
    const category = await reins(['eval', '--model', modelOf(), '--categories', 'poetry'], { cwd: work.dir });
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('No task of category `poetry`');
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it('Ctrl-C keeps what finished: the table of the finished tasks, stored as interrupted, exit 130', async () => {
    // The first call answers at once; the next one stalls until the eval is stopped.
    server.enqueue(fixture('openai-compatible', 'stream-answer.chunks'), fixture('openai-compatible', 'stream-answer.chunks', { chunkDelayMs: 60_000 }));
    const store = join(work.dir, 'stopped.db');
    const eval_ = startReins(['eval', '--model', modelOf(), '--categories', 'irrelevance', '--limit', '2', '--concurrency', '1', '--store', store], { cwd: work.dir });
    // Waits for the stalled second call (a condition, checked every 20 ms; it decides no outcome).
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    eval_.child.kill('SIGINT');
    const done = await eval_.finished;
    expect(done.code).toBe(130);
    expect(done.stdout).toMatch(/^native\s+irrelevance\s+1\s+100\.0%/m);
    expect(done.stdout).toContain('interrupted, over the tasks that finished');
    const evals = new SqliteEvalStore({ path: store, readOnly: true });
    const [stored] = await evals.listEvals();
    expect(stored!.interrupted).toBe(true);
    expect((await evals.loadEval(stored!.id!)).outcomes).toHaveLength(1);
    await evals.close();
  }, 60_000);
});
