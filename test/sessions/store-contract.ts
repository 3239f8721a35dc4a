/**
 * The Store contract: every Store implementation runs this suite from its own test file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionNotFoundError } from '../../src/errors/session-not-found-error.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { rebuildTranscript } from '../../src/sessions/run-records/rebuild-transcript.ts';
import { recordFromEvent } from '../../src/sessions/run-records/record-from-event.ts';
import type { RecordInput } from '../../src/sessions/run-records/run-record.ts';
import type { Store } from '../../src/sessions/store.ts';

export interface StoreContractOptions {
  /** Creates a fresh, empty store. */
  newStore: () => Store | Promise<Store>;
}

const usage = { inputTokens: 10, outputTokens: 5 };

/** A question, one tool call that started and ended, and one that started and was cut off. */
export function interruptedRunEvents(runId: string): AgentEvent[] {
  const tools = [{ name: 'check_calendar', inputSchema: { type: 'object', properties: {} } }];
  return [
    { runId, step: 0, type: 'run-start', question: 'dinner?', protocol: 'line', tools },
    { runId, step: 1, type: 'model-request', attempt: 1, system: 'SYS', messages: [{ role: 'user', content: 'dinner?' }] },
    { runId, step: 1, type: 'decision-delta', text: 'FUNC' },
    { runId, step: 1, type: 'model-response', text: 'FUNCTION_CALL: check_calendar', toolCalls: [], usage, modelId: 'm' },
    { runId, step: 1, type: 'tool-call', callId: 'c1', tool: 'check_calendar', args: {} },
    { runId, step: 1, type: 'tool-progress', callId: 'c1', tool: 'check_calendar', progress: { progress: 1 } },
    {
      runId,
      step: 1,
      type: 'tool-result',
      callId: 'c1',
      tool: 'check_calendar',
      result: { content: [{ type: 'text', text: '{"day":"Friday"}' }] },
      observation: 'Result: {"day":"Friday"}',
      durationMs: 3,
    },
    {
      runId,
      step: 2,
      type: 'model-request',
      attempt: 1,
      system: 'SYS',
      messages: [
        { role: 'user', content: 'dinner?' },
        { role: 'assistant', content: 'FUNCTION_CALL: check_calendar' },
        { role: 'user', content: 'Result: {"day":"Friday"}' },
      ],
    },
    { runId, step: 2, type: 'model-response', text: 'FUNCTION_CALL: get_meal_history|7', toolCalls: [], usage, modelId: 'm' },
    { runId, step: 2, type: 'tool-call', callId: 'c2', tool: 'get_meal_history', args: { days: 7 } },
  ];
}

export function runStoreContract(name: string, options: StoreContractOptions): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await options.newStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('creates a running run that listRuns shows with its question, model and protocol', async () => {
      const id = await store.createRun({ question: 'what is in this folder?', model: 'replay:x', protocol: 'xml' });
      const [summary, ...rest] = await store.listRuns();
      expect(rest).toEqual([]);
      expect(summary).toMatchObject({ id, question: 'what is in this folder?', model: 'replay:x', protocol: 'xml' });
      expect(summary!.status).toBe('running');
      expect(summary!.recordCount).toBe(0);
    });

    it('numbers records 1, 2, 3 per run and returns them in order with their bodies intact', async () => {
      const first = await store.createRun({ question: 'a' });
      const second = await store.createRun({ question: 'b' });
      const bodies: RecordInput[] = [
        { type: 'user-question', step: 1, question: 'Which city?', why: 'weather needs a place' },
        { type: 'user-reply', step: 1, reply: 'Paris' },
        { type: 'answer', step: 2, answer: 'Sunny', confidence: 0.9 },
      ];
      const appended = [];
      for (const body of bodies) appended.push(await store.appendStep(first, body));
      await store.appendStep(second, { type: 'user-reply', step: 1, reply: 'other run' });
      expect(appended.map((record) => record.seq)).toEqual([1, 2, 3]);
      expect(appended[0]).toMatchObject({ runId: first, seq: 1 });
      expect(Number.isNaN(Date.parse(appended[0]!.at))).toBe(false);

      const run = await store.loadRun(first);
      expect(run.records.map(({ runId: _r, seq: _s, at: _a, ...body }) => body)).toEqual(bodies);
      expect(run.records.map((record) => record.seq)).toEqual([1, 2, 3]);
      expect(run.summary.recordCount).toBe(3);
      expect(run.meta.question).toBe('a');
      expect((await store.loadRun(second)).records.map((record) => record.seq)).toEqual([1]);
    });

    it('changes status with markStatus and filters, orders and limits listRuns', async () => {
      const older = await store.createRun({ question: 'older' });
      const newer = await store.createRun({ question: 'newer' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.appendStep(newer, { type: 'user-reply', step: 1, reply: 'x' });
      await store.markStatus(older, 'answered');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.markStatus(newer, 'waiting-user');
      expect((await store.listRuns()).map((run) => run.id)).toEqual([newer, older]);
      expect((await store.listRuns({ status: 'answered' })).map((run) => run.id)).toEqual([older]);
      expect((await store.listRuns({ status: ['waiting-user', 'failed'] })).map((run) => run.id)).toEqual([newer]);
      expect(await store.listRuns({ limit: 1 })).toHaveLength(1);
      expect((await store.loadRun(newer)).summary.status).toBe('waiting-user');
    });

    it('rejects unknown run ids with SessionNotFoundError', async () => {
      const missing = 'no-such-run';
      await expect(store.loadRun(missing)).rejects.toSatisfy(SessionNotFoundError.isInstance);
      await expect(store.appendStep(missing, { type: 'user-reply', step: 1, reply: 'x' })).rejects.toSatisfy(
        SessionNotFoundError.isInstance,
      );
      await expect(store.markStatus(missing, 'failed')).rejects.toSatisfy(SessionNotFoundError.isInstance);
    });

    it('resolves a unique id prefix and refuses ambiguous or unknown ones', async () => {
      const ids = [await store.createRun({ question: 'a' }), await store.createRun({ question: 'b' })];
      const unique = ids[0]!.slice(0, ids[0]!.split('').findIndex((char, index) => char !== ids[1]![index]) + 1);
      expect(await store.resolveId(unique)).toBe(ids[0]);
      expect(await store.resolveId(ids[1]!)).toBe(ids[1]);
      await expect(store.resolveId('zzzz')).rejects.toSatisfy(SessionNotFoundError.isInstance);
      await expect(store.resolveId('')).rejects.toSatisfy(
        (error) => SessionNotFoundError.isInstance(error) && error.candidates.length === 2,
      );
    });

    it('redacts the secrets of the run config, in the config and wherever they appear in records, and nothing else', async () => {
      const id = await store.createRun({
        question: 'use key key-material-1 please, a basic example',
        config: {
          mcpServers: { github: { command: 'gh-mcp', env: { GITHUB_TOKEN: 'ghp_secretvalue123', APP_AUTH_ENABLED: 'true' } } },
          headers: { Authorization: 'Bearer abcdef123456', 'x-api-key': 'plainsecret999' },
          apiKey: 'key-material-1',
          maxSteps: 20,
        },
      });
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: `echo ${JSON.stringify({ t: 'ghp_secretvalue123', h: 'Bearer abcdef123456' })}; Bearer of news sk-ant-0123456789abcdef` });
      const run = await store.loadRun(id);
      const text = JSON.stringify(run);
      for (const secret of ['ghp_secretvalue123', 'abcdef123456', 'plainsecret999', 'key-material-1']) {
        expect(text).not.toContain(secret);
      }
      expect(run.meta.config).toMatchObject({
        mcpServers: { github: { command: 'gh-mcp', env: { GITHUB_TOKEN: '[redacted]' } } },
        maxSteps: 20,
      });
      expect(run.summary.question).toBe('use key [redacted] please, a basic example');
      expect(run.records[0]).toMatchObject({ reply: 'echo {"t":"[redacted]","h":"Bearer [redacted]"}; Bearer of news sk-ant-0123456789abcdef' });
    });

    it('keeps tool arguments and messages whose field names look like credentials', async () => {
      const id = await store.createRun({ question: 'q' });
      const args = { key: 'favourite-colour', token: 'page-2', password_hint: 'the dog' };
      const action = { action: 'call_tool' as const, tool: 'set_value', args, reason: 'r' };
      const bodies: RecordInput[] = [
        { type: 'decision', step: 1, repaired: false, dialect: 'json', thoughts: [], decision: action, decisions: [action] },
        { type: 'tool-call-start', step: 1, callId: 'c1', tool: 'set_value', args },
        { type: 'model-request', step: 2, attempt: 1, system: 'S', messages: [{ role: 'user', content: JSON.stringify({ key: 'k', apiKey: 'visible-by-name' }) }] },
      ];
      for (const body of bodies) await store.appendStep(id, body);
      const run = await store.loadRun(id);
      expect(run.records.map(({ runId: _r, seq: _s, at: _a, ...body }) => body)).toEqual(bodies);
    });

    it('stores an automatic user reply as such', async () => {
      const id = await store.createRun({ question: 'q' });
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'No user is available.', automatic: true });
      expect((await store.loadRun(id)).records[0]).toMatchObject({ type: 'user-reply', automatic: true });
    });

    it('makes this process the owner of a run it creates, and releases it when the run ends', async () => {
      const id = await store.createRun({ question: 'q' });
      const before = Date.now();
      const owned = (await store.loadRun(id)).summary.owner;
      expect(owned).toMatchObject({ pid: process.pid });
      await store.markStatus(id, 'waiting-user');
      expect((await store.loadRun(id)).summary.owner?.pid).toBe(process.pid);
      await store.markStatus(id, 'cancelled');
      expect((await store.loadRun(id)).summary.owner).toBeUndefined();
      await store.claimRun?.(id);
      const claimed = (await store.loadRun(id)).summary.owner;
      expect(claimed?.pid).toBe(process.pid);
      expect(Date.parse(claimed!.heartbeatAt)).toBeGreaterThanOrEqual(before - 1000);
      if (store.claimRun) await expect(store.claimRun('no-such-run')).rejects.toSatisfy(SessionNotFoundError.isInstance);
    });

    it('returns copies: changing a loaded run does not change the store', async () => {
      const id = await store.createRun({ question: 'q' });
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'original' });
      const loaded = await store.loadRun(id);
      (loaded.records[0] as { reply: string }).reply = 'changed';
      expect((await store.loadRun(id)).records[0]).toMatchObject({ reply: 'original' });
    });

    it('keeps loop events so that a cut-off run rebuilds with its in-flight tool call', async () => {
      const id = await store.createRun({ question: 'dinner?', protocol: 'line' });
      for (const event of interruptedRunEvents(id)) {
        const record = recordFromEvent(event);
        if (record) await store.appendStep(id, record);
      }
      const run = await store.loadRun(id);
      expect(run.records.map((record) => record.type)).toEqual([
        'run-start',
        'model-request',
        'model-response',
        'tool-call-start',
        'tool-call-end',
        'model-request',
        'model-response',
        'tool-call-start',
      ]);
      const resume = rebuildTranscript(run.records);
      expect(resume.interruptedCalls).toEqual([{ callId: 'c2', tool: 'get_meal_history', args: { days: 7 }, step: 2 }]);
      expect(resume.messages.at(-1)).toEqual({ role: 'assistant', content: 'FUNCTION_CALL: get_meal_history|7' });
      expect(resume.usage).toEqual({ inputTokens: 20, outputTokens: 10 });
    });
  });
}
