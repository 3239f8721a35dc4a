/**
 * Durable runs and resume in the loop: with a `store`, each record is committed before the next
 * model call and before its event is delivered; `agent.resume` continues a stored run from any point
 * a crash could leave (every prefix of a finished run's records) with no step lost or repeated.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../src/errors/config-error.ts';
import { SessionNotFoundError } from '../../src/errors/session-not-found-error.ts';
import { SessionStoreError } from '../../src/errors/session-store-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { ModelRequest } from '../../src/spec/model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import type { RecordInput, RunRecord } from '../../src/sessions/run-records/run-record.ts';
import type { Store } from '../../src/sessions/store.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import type { ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, answer, ask, call, collect, ofType, turn } from './helpers.ts';

const plan = [call('add', { a: 2, b: 3 }), ask('Which unit?'), call('add', { a: 5, b: 1 }), answer('5 and 6 apples')];

/** A planner that reads the history: its next decision is the one after the turns it already made. */
function planner(protocol: ProtocolName) {
  return new MockModel(
    (request: ModelRequest) => {
      const made = request.messages.filter((message) => message.role === 'assistant').length;
      const step = turn(protocol, [plan[made] ?? answer('done')]) as string | ScriptedTurn;
      if (typeof step === 'string') return step;
      return { text: step.text ?? '', toolCalls: (step.toolCalls ?? []).map((toolCall, index) => ({ id: `c${made}_${index}`, ...toolCall })) };
    },
    { supportsTools: protocol === 'native' },
  );
}

function counted() {
  const runs: string[] = [];
  const tool = defineTool({
    name: 'add',
    description: 'Adds two integers.',
    input: z.object({ a: z.number().int(), b: z.number().int() }),
    execute: ({ a, b }) => {
      runs.push(`${a}+${b}`);
      return String(a + b);
    },
  });
  return { tool, runs };
}

/** A human who never answers: settles only when the run is cancelled. */
function untilAborted<T>(signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

const bodyOf = ({ runId: _runId, seq: _seq, at: _at, ...body }: RunRecord) => body as RecordInput;

function expectEachStepOnce(records: readonly RunRecord[]): void {
  expect(ofRecords(records, 'decision').map((record) => record.step)).toEqual([1, 2, 3, 4]);
  const starts = ofRecords(records, 'tool-call-start').map((record) => record.callId);
  expect(new Set(starts).size).toBe(starts.length);
  expect(starts).toHaveLength(2);
  expect(ofRecords(records, 'tool-call-end').length).toBeLessThanOrEqual(2);
  expect(ofRecords(records, 'user-question')).toHaveLength(1);
  expect(ofRecords(records, 'user-reply')).toHaveLength(1);
  expect(ofRecords(records, 'answer')).toHaveLength(1);
  expect(ofRecords(records, 'run-end').at(-1)?.status).toBe('answered');
}

function ofRecords<T extends RunRecord['type']>(records: readonly RunRecord[], type: T) {
  return records.filter((record): record is Extract<RunRecord, { type: T }> => record.type === type);
}

describe.each(['json', 'native'] as const)('durable runs, %s protocol', (protocol) => {
  it('commits each record before the next model call and before its event is delivered', async () => {
    const store = new MemoryStore();
    const committedAtCall: string[] = [];
    const inner = planner(protocol);
    const model = new MockModel(async (request, index) => {
      const [run] = await store.listRuns();
      const records = (await store.loadRun(run!.id)).records;
      committedAtCall.push(`${index}:${records.at(-1)?.type}:${ofRecords(records, 'model-request').length}`);
      return inner.generate(request);
    }, { supportsTools: protocol === 'native' });
    const agent = createAgent({ model, tools: [addTool], protocol, store, user: () => 'metric' });
    const run = agent.run('How many apples?');
    for await (const event of run) {
      if (event.type !== 'tool-call') continue;
      const records = (await store.loadRun(event.runId)).records;
      expect(ofRecords(records, 'tool-call-start').map((record) => record.callId)).toContain(event.callId);
    }
    const result = await run.result;
    expect(result.status).toBe('answered');
    expect(committedAtCall).toEqual(['0:model-request:1', '1:model-request:2', '2:model-request:3', '3:model-request:4']);
    const stored = await store.loadRun(run.runId);
    expect(stored.summary.status).toBe('answered');
    expect(stored.summary.model).toBe('mock:mock');
    expectEachStepOnce(stored.records);
  });

  it('resumes from every point a crash could leave, without losing or repeating a step', async () => {
    const source = new MemoryStore();
    const first = createAgent({ model: planner(protocol), tools: [addTool], protocol, store: source, user: () => 'metric' }).run('How many apples?');
    expect((await first.result).status).toBe('answered');
    const records = (await source.loadRun(first.runId)).records.filter((record) => record.type !== 'run-end');

    for (let cut = 1; cut <= records.length; cut++) {
      const store = new MemoryStore();
      const runId = await store.createRun({ question: 'How many apples?' });
      for (const record of records.slice(0, cut)) await store.appendStep(runId, bodyOf(record));
      const { tool, runs } = counted();
      const resumed = createAgent({ model: planner(protocol), tools: [tool], protocol, store, user: () => 'metric' }).resume(runId);
      const { result, events } = await collect(resumed);
      expect(result.status, `cut ${cut}`).toBe('answered');
      expect(result.answer).toBe('5 and 6 apples');
      expect(events[0]?.type).toBe('run-resume');
      const all = (await store.loadRun(runId)).records;
      expectEachStepOnce(all);
      const before = ofRecords(records.slice(0, cut), 'tool-call-start').length;
      expect(runs.length, `cut ${cut}`).toBe(2 - before);
      const interrupted = ofRecords(all, 'run-resume')[0]?.interruptedCalls ?? [];
      const open = ofRecords(records.slice(0, cut), 'tool-call-start').filter(
        (start) => !records.slice(0, cut).some((record) => record.type === 'tool-call-end' && record.callId === start.callId),
      );
      expect(interrupted.map((entry) => entry.callId)).toEqual(open.map((start) => start.callId));
      if (open.length > 0) {
        const request = ofRecords(all, 'model-request').find((record) => record.seq > cut);
        expect(JSON.stringify(request?.messages)).toContain('was interrupted before it returned');
      }
    }
  });
});

describe('resume: what a human was asked, and what cannot be resumed', () => {
  it('asks a waiting question again without storing it twice', async () => {
    const store = new MemoryStore();
    const controller = new AbortController();
    const waiting = createAgent({
      model: planner('json'),
      tools: [addTool],
      protocol: 'json',
      store,
      user: { ask: (_question, signal) => untilAborted<string>(signal) },
    }).run('How many apples?', { signal: controller.signal });
    for await (const event of waiting) if (event.type === 'user-question') controller.abort();
    expect((await waiting.result).status).toBe('cancelled');
    expect((await store.loadRun(waiting.runId)).summary.status).toBe('cancelled');

    const questions: string[] = [];
    const resumed = createAgent({ model: planner('json'), tools: [addTool], protocol: 'json', store, user: (question) => (questions.push(question.question), 'metric') }).resume(waiting.runId);
    const { result, events } = await collect(resumed);
    expect(result.status).toBe('answered');
    expect(questions).toEqual(['Which unit?']);
    expect(ofType(events, 'run-resume')[0]?.pendingQuestion?.question).toBe('Which unit?');
    expectEachStepOnce((await store.loadRun(waiting.runId)).records);
  });

  it('asks a waiting approval again and runs the call once', async () => {
    const store = new MemoryStore();
    const controller = new AbortController();
    const { tool, runs } = counted();
    const options = { model: planner('json'), tools: [tool], protocol: 'json' as const, store, approval: () => 'ask' as const };
    const first = createAgent({
      ...options,
      user: { ask: async () => 'metric', approve: (_request, signal) => untilAborted<boolean>(signal) },
    }).run('How many apples?', { signal: controller.signal });
    for await (const event of first) if (event.type === 'approval-request') controller.abort();
    expect((await first.result).status).toBe('cancelled');
    expect(runs).toEqual([]);

    const approvals: string[] = [];
    const resumed = createAgent({ ...options, model: planner('json'), user: { ask: async () => 'metric', approve: async (request) => (approvals.push(request.tool.name), true) } }).resume(first.runId);
    const { result, events } = await collect(resumed);
    expect(result.status).toBe('answered');
    expect(ofType(events, 'run-resume')[0]?.interruptedCalls).toEqual([]);
    expect(runs).toEqual(['2+3', '5+1']);
    expect(approvals).toEqual(['add', 'add']);
    expectEachStepOnce((await store.loadRun(first.runId)).records);
  });

  it('refuses an answered run, an unknown id, another protocol, and a missing store', async () => {
    const store = new MemoryStore();
    const done = createAgent({ model: planner('json'), tools: [addTool], protocol: 'json', store, user: () => 'metric' }).run('How many apples?');
    await done.result;
    const again = await createAgent({ model: planner('json'), protocol: 'json', store }).resume(done.runId).result;
    expect(ConfigError.isInstance(again.error) && again.error.message).toMatch(/already ended with an answer/);
    const unknown = await createAgent({ model: planner('json'), protocol: 'json', store }).resume('nope').result;
    expect(SessionNotFoundError.isInstance(unknown.error)).toBe(true);
    const cutShort = await store.createRun({ question: 'q' });
    await store.appendStep(cutShort, { type: 'run-start', step: 0, question: 'q', protocol: 'line', tools: [] });
    const otherProtocol = await createAgent({ model: planner('json'), protocol: 'json', store }).resume(cutShort).result;
    expect(otherProtocol.error?.message).toMatch(/used the line protocol/);
    const noStore = await createAgent({ model: planner('json'), protocol: 'json' }).resume(cutShort).result;
    expect(noStore.error?.message).toMatch(/needs a store/);
  });

  it('fails the run when the store cannot commit a record', async () => {
    const store = new MemoryStore();
    let appends = 0;
    const failing: Store = {
      createRun: (meta) => store.createRun(meta),
      appendStep: async (runId, record) => {
        appends += 1;
        if (appends === 3) throw new SessionStoreError('disk full', { operation: 'append', path: ':memory:' });
        return store.appendStep(runId, record);
      },
      loadRun: (id) => store.loadRun(id),
      listRuns: (options) => store.listRuns(options),
      markStatus: (id, status) => store.markStatus(id, status),
      resolveId: (prefix) => store.resolveId(prefix),
      close: () => store.close(),
    };
    const model = planner('json');
    const result = await createAgent({ model, tools: [addTool], protocol: 'json', store: failing }).run('How many apples?').result;
    expect(result.status).toBe('failed');
    expect(SessionStoreError.isInstance(result.error)).toBe(true);
    expect(model.calls.length).toBeLessThanOrEqual(1);
  });
});
