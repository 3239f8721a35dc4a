/**
 * The store's guarantees seen through a real agent: a question nobody can answer is stored with the
 * automatic reply the model got; stored tool arguments are never damaged by redaction (and a call
 * whose arguments were masked is not run with them on resume); a run another live process owns is
 * not resumed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionInUseError } from '../../src/errors/session-in-use-error.ts';
import { noUserReply } from '../../src/protocols/user-reply-content.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import type { RecordInput } from '../../src/sessions/run-records/run-record.ts';
import { renderTranscript } from '../../src/cli/render/transcript.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';

const folder = mkdtempSync(join(tmpdir(), 'reins-durable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const json = (value: unknown) => JSON.stringify(value);
const setValue = (calls: Record<string, unknown>[]) =>
  defineTool({
    name: 'set_value',
    description: 'Stores a value under a key.',
    input: z.object({ key: z.string(), value: z.string() }),
    execute: (args) => {
      calls.push(args);
      return 'stored';
    },
  });

describe('an ask_user with no user', () => {
  it('stores the automatic reply the model was given, and the transcript shows it', async () => {
    const store = new MemoryStore();
    const model = new ScriptedModel([
      json({ action: 'ask_user', question: 'Which city?', why: 'The plan depends on it.' }),
      json({ action: 'answer_user', answer: 'A plan for any city.' }),
    ]);
    const run = createAgent({ model, protocol: 'json', store }).run('plan a trip');
    expect((await run.result).status).toBe('answered');
    const stored = await store.loadRun(run.runId);
    const types = stored.records.map((record) => record.type);
    expect(types.slice(types.indexOf('user-question'), types.indexOf('user-question') + 3)).toEqual(['user-question', 'user-reply', 'model-request']);
    expect(stored.records.find((record) => record.type === 'user-reply')).toMatchObject({ reply: noUserReply, automatic: true, step: 1 });
    expect(JSON.stringify(model.calls.at(-1)?.messages)).toContain(noUserReply);
    expect(renderTranscript(stored)).toContain(`no user available (automatic reply): the model was told: ${noUserReply}`);
  });
});

describe('tool arguments through the store and resume', () => {
  it('keeps a `key` argument as it was, and a resumed run calls the tool with it', async () => {
    const store = new MemoryStore();
    const calls: Record<string, unknown>[] = [];
    const decision = json({ action: 'call_tool', tool: 'set_value', args: { key: 'api_key', value: 'blue' }, reason: 'store it' });
    const first = createAgent({ model: new ScriptedModel([decision]), tools: [setValue([])], protocol: 'json', store, approval: () => 'deny' }).run('q');
    await first.result;
    // Cut the run back to its accepted decision, as a crash right after it would leave it.
    const records = (await store.loadRun(first.runId)).records;
    const kept = records.slice(0, records.findIndex((record) => record.type === 'decision') + 1);
    const copy = new MemoryStore();
    const id = await copy.createRun({ question: 'q', protocol: 'json' });
    for (const { runId: _r, seq: _s, at: _a, ...body } of kept) await copy.appendStep(id, body);
    const done = createAgent({
      model: new ScriptedModel([json({ action: 'answer_user', answer: 'stored' })]),
      tools: [setValue(calls)],
      protocol: 'json',
      store: copy,
    }).resume(id);
    expect((await done.result).status).toBe('answered');
    expect(calls).toEqual([{ key: 'api_key', value: 'blue' }]);
  });

  it('does not run a call whose stored arguments hold the redaction marker: the model is told and asked again', async () => {
    const store = new MemoryStore();
    const calls: Record<string, unknown>[] = [];
    const id = await store.createRun({ question: 'q', protocol: 'json' });
    const args = { key: 'token', value: 'Bearer [redacted]' };
    const action = { action: 'call_tool' as const, tool: 'set_value', args, reason: 'r' };
    await store.appendStep(id, { type: 'run-start', step: 0, question: 'q', protocol: 'json', tools: [] });
    await store.appendStep(id, { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: [{ role: 'user', content: 'q' }] });
    await store.appendStep(id, { type: 'model-response', step: 1, text: json({ action: 'call_tool', tool: 'set_value', args, reason: 'r' }), toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm' });
    await store.appendStep(id, { type: 'decision', step: 1, repaired: false, dialect: 'json', thoughts: [], decision: action, decisions: [action] });
    const model = new ScriptedModel([json({ action: 'answer_user', answer: 'could not store it' })]);
    const run = createAgent({ model, tools: [setValue(calls)], protocol: 'json', store }).resume(id);
    const events = [];
    for await (const event of run) events.push(event);
    expect((await run.result).status).toBe('answered');
    expect(calls).toEqual([]);
    expect(events[0]).toMatchObject({ type: 'run-resume', interruptedCalls: [{ tool: 'set_value' }] });
    expect(JSON.stringify(model.calls[0]?.messages)).toContain('its arguments held a secret that is never stored');
  });
});

describe('a run owned by another live process', () => {
  it('is not resumed by agent.resume: the run fails with SessionInUseError and the store is unchanged', async () => {
    const path = join(folder, 'owned.db');
    const store = new SqliteStore({ path });
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const id = await store.createRun({ question: 'q', protocol: 'json' });
      await store.markStatus(id, 'waiting-user');
      const db = new DatabaseSync(path);
      db.prepare('UPDATE runs SET owner_pid = ?, owner_host = ? WHERE id = ?').run(other.pid!, hostname(), id);
      db.close();
      const model = new ScriptedModel([]);
      const result = await createAgent({ model, protocol: 'json', store }).resume(id).result;
      expect(result.status).toBe('failed');
      expect(SessionInUseError.isInstance(result.error)).toBe(true);
      const after = await store.loadRun(id);
      expect(after.summary).toMatchObject({ status: 'waiting-user', recordCount: 0, owner: { pid: other.pid } });
      expect(model.calls).toHaveLength(0);
    } finally {
      other.kill('SIGKILL');
      await store.close();
    }
  });
});

describe('the size of a stored run', () => {
  it('stores an 8 MB tool result once, not once per later model call, and reads the run back whole', async () => {
    const path = join(folder, 'size.db');
    const store = new SqliteStore({ path });
    // 8 MB that SQLite cannot shrink, with line breaks and quotes the observation JSON-escapes.
    const big = randomBytes(6_000_000).toString('base64').replace(/(.{76})/g, '$1\n"');
    const small = defineTool({ name: 'note', description: 'Notes a word.', input: z.object({ word: z.string() }), execute: ({ word }) => `noted ${word}` });
    const dump = defineTool({ name: 'dump', description: 'Returns a large text.', input: z.object({}), execute: () => big });
    const turns = [
      json({ action: 'call_tool', tool: 'dump', args: {}, reason: 'read it' }),
      ...['a', 'b', 'c', 'd', 'e'].map((word) => json({ action: 'call_tool', tool: 'note', args: { word }, reason: 'note it' })),
      json({ action: 'answer_user', answer: 'done' }),
    ];
    const model = new ScriptedModel(turns);
    const run = createAgent({ model, tools: [small, dump], protocol: 'json', store }).run('read the dump, then note five words');
    expect((await run.result).status).toBe('answered');
    await store.close();
    const bytes = readdirSync(folder)
      .filter((name) => name.startsWith('size.db'))
      .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    expect(bytes).toBeLessThan(1.5 * big.length);

    const reopened = new SqliteStore({ path, readOnly: true });
    const stored = await reopened.loadRun(run.runId);
    await reopened.close();
    const requests = stored.records.filter((record) => record.type === 'model-request');
    expect(requests.map((record) => record.messages)).toEqual(model.calls.map((call) => call.messages));
    const end = stored.records.find((record) => record.type === 'tool-call-end' && record.tool === 'dump');
    expect(end).toMatchObject({ result: { content: [{ type: 'text', text: big }] } });
  });
});

describe('a reply stored without its decision (the process died in between)', () => {
  it('is asked for again at the same position, with the same history, and the run goes on from there', async () => {
    const turns = [
      json({ action: 'call_tool', tool: 'set_value', args: { key: 'k', value: 'v' }, reason: 'store it' }),
      json({ action: 'answer_user', answer: 'stored' }),
    ];
    const first = new ScriptedModel(turns);
    const store = new MemoryStore();
    const run = createAgent({ model: first, tools: [setValue([])], protocol: 'json', store }).run('store k');
    expect((await run.result).status).toBe('answered');
    // The crash state: every record up to and including the first model reply, nothing after it.
    const records = (await store.loadRun(run.runId)).records;
    const crashed = await store.createRun({ question: 'store k', protocol: 'json' });
    for (const { runId: _runId, seq: _seq, at: _at, ...body } of records.slice(0, records.findIndex((record) => record.type === 'model-response') + 1)) {
      await store.appendStep(crashed, body as RecordInput);
    }
    const again = new ScriptedModel(turns);
    const calls: Record<string, unknown>[] = [];
    const resumed = createAgent({ model: again, tools: [setValue(calls)], protocol: 'json', store }).resume(crashed);
    expect((await resumed.result).status).toBe('answered');
    expect(again.calls[0]?.messages).toEqual(first.calls[0]?.messages);
    expect(calls).toEqual([{ key: 'k', value: 'v' }]);
    const after = (await store.loadRun(crashed)).records;
    expect(after.filter((record) => record.type === 'decision').map((record) => record.step)).toEqual([1, 2]);
  });
});
