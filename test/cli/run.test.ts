/**
 * `reins run` as a real process: a question answered from stdin, --json as JSON Lines, approval
 * prompts answered on stdin, and secrets kept out of stdout, stderr and the store.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVERYTHING, FIXTURES, MEMORY, jsonLines, reins, showJson, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

const replay = (name: string) => `replay:${join(FIXTURES, name)}`;

describe('reins run', () => {
  it('answers an ask_user question with a line written to stdin', async () => {
    const done = await reins(['run', 'plan a weekend trip', '--model', replay('ask-user.json'), '--store', work.store], { cwd: work.dir, input: 'Lyon\n' });
    expect(done.stderr).toContain('Which city should the trip go to?');
    expect(done.code).toBe(0);
    expect(done.stdout.trim()).toBe('A weekend plan for the city you chose: museums on Saturday, the river on Sunday.');
    const runId = /run ([0-9a-f-]{36})/.exec(done.stderr)?.[1] as string;
    const { records, summary } = await showJson(runId, work.dir, work.store);
    expect(summary.status).toBe('answered');
    expect(records.filter((record) => record.type === 'user-reply').map((record) => record.reply)).toEqual(['Lyon']);
    const lastRequest = records.filter((record) => record.type === 'model-request').at(-1);
    expect(JSON.stringify(lastRequest?.messages)).toContain('Lyon');
  });

  it('prints every event as one JSON line with --json, and nothing else on stdout', async () => {
    const done = await reins(['run', 'plan a weekend trip', '--json', '--model', replay('ask-user.json'), '--store', work.store], { cwd: work.dir, input: 'Oslo\n' });
    expect(done.code).toBe(0);
    const events = jsonLines(done.stdout);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('run-start');
    expect(types).toEqual(expect.arrayContaining(['model-request', 'decision', 'user-question', 'user-reply', 'answer']));
    expect(types.at(-1)).toBe('run-end');
    expect(events.at(-1)).toMatchObject({ status: 'answered' });
    expect(new Set(events.map((event) => event.runId)).size).toBe(1);
    expect(events.find((event) => event.type === 'user-reply')).toMatchObject({ reply: 'Oslo' });
  });

  it.each([
    ['y', true],
    ['n', false],
  ])('asks approval for a destructive MCP tool and reads "%s" from stdin', async (reply, approved) => {
    const memoryFile = join(work.dir, 'memory.jsonl');
    const config = await work.write('mcp.json', { mcpServers: { memory: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: memoryFile } } } });
    const done = await reins(['run', 'remember milk, then forget it', '--config', config, '--model', replay('memory-delete.json'), '--store', work.store, '--json'], {
      cwd: work.dir,
      input: `${reply}\n`,
    });
    expect(done.code).toBe(0);
    const events = jsonLines(done.stdout);
    expect(events.filter((event) => event.type === 'approval-request').map((event) => event.tool)).toEqual(['delete_entities']);
    expect(events.find((event) => event.type === 'approval-reply')).toMatchObject({ tool: 'delete_entities', approved });
    const memory = await readFile(memoryFile, 'utf8');
    expect(memory.includes('"milk"')).toBe(!approved);
    if (!approved) expect(events.find((event) => event.type === 'tool-error')).toMatchObject({ tool: 'delete_entities', error: { name: 'Reins_ApprovalDeniedError' } });
  });

  it('routes an MCP elicitation form to the user: one JSON line on stdin off a TTY', async () => {
    const config = await work.write('mcp.json', { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const reply = JSON.stringify({ name: 'Ann', email: 'ann@example.com', integer: 7 });
    const done = await reins(['run', 'ask me for my details', '--config', config, '--model', replay('elicitation.json'), '--store', work.store, '--json'], {
      cwd: work.dir,
      input: `${reply}\n`,
    });
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('reply with one line: a JSON object');
    expect(done.stderr).toMatch(/name: string/);
    const result = jsonLines(done.stdout).find((event) => event.type === 'tool-result');
    // server-everything echoes what the client answered.
    expect(JSON.stringify(result)).toContain('ann@example.com');
    expect(JSON.stringify(result)).toContain('accept');
  });

  it('declines an MCP elicitation when the user says so', async () => {
    const config = await work.write('mcp.json', { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const done = await reins(['run', 'ask me for my details', '--config', config, '--model', replay('elicitation.json'), '--store', work.store, '--json'], {
      cwd: work.dir,
      input: 'decline\n',
    });
    expect(done.code).toBe(0);
    const result = jsonLines(done.stdout).find((event) => event.type === 'tool-result');
    expect(JSON.stringify(result)).toContain('declined');
  });

  it('keeps secrets of the environment and the config out of stdout, stderr and the store', async () => {
    const secret = 'tok-3f9a77c1d2e8b6';
    const config = await work.write('mcp.json', {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { SERVICE_TOKEN: '${MY_SERVICE_TOKEN}', PLAIN_SETTING: 'inline-value-42' } } },
    });
    const env = { MY_SERVICE_TOKEN: secret };
    const args = ['run', 'what is configured?', '--config', config, '--model', replay('get-env.json'), '--store', work.store];
    const json = await reins([...args, '--json'], { cwd: work.dir, env });
    const trace = await reins(args, { cwd: work.dir, env });
    expect(json.code).toBe(0);
    expect(trace.code).toBe(0);
    const result = jsonLines(json.stdout).find((event) => event.type === 'tool-result');
    expect(JSON.stringify(result)).toContain('SERVICE_TOKEN');
    for (const output of [json.stdout, json.stderr, trace.stdout, trace.stderr]) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain('inline-value-42');
    }
    const runId = String(jsonLines(json.stdout)[0]?.runId);
    const stored = await readFile(work.store);
    expect(stored.includes(secret)).toBe(false);
    expect(stored.includes('inline-value-42')).toBe(false);
    expect((await showJson(runId, work.dir, work.store)).summary.status).toBe('answered');
  });
});
