/**
 * The run's first and last events and its result, field by field and in key order (JSON, logs and
 * stored records show that order): `runAgent` builds them by assignment rather than spreads, and
 * this pins that they are what the spreads made.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import type { Toolbox } from '../../src/tools/toolbox.ts';
import { addTool, answer, call, collect } from './helpers.ts';

const notice = { tool: 'answer_user', kind: 'renamed', detail: 'reserved name' } as never;

function toolbox(notices: unknown[] | undefined): Toolbox {
  const box: Toolbox = { list: () => [addTool.spec], call: () => Promise.reject(new Error('not called in these runs')) };
  if (notices) box.notices = () => notices as never;
  return box;
}

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) => events.find((event) => event.type === type) as Extract<AgentEvent, { type: T }>;

describe('run-start', () => {
  it.each([
    ['no notices method', undefined, ['type', 'question', 'protocol', 'tools', 'runId', 'step']],
    ['no notices', [], ['type', 'question', 'protocol', 'tools', 'runId', 'step']],
    ['a notice', [notice], ['type', 'question', 'protocol', 'tools', 'toolNotices', 'runId', 'step']],
  ])('with %s has exactly its fields, in order', async (_name, notices, keys) => {
    const model = new ScriptedModel([JSON.stringify(answer('4'))]);
    const { events } = await collect(createAgent({ model, tools: toolbox(notices), protocol: 'json' }).run('2+2?'));
    const start = ofType(events, 'run-start');
    expect(Object.keys(start)).toEqual(keys);
    expect(start).toMatchObject({ type: 'run-start', question: '2+2?', protocol: 'json', step: 0 });
    expect(start.tools.map((tool) => tool.name)).toEqual(['add']);
    if (notices?.length) expect(start.toolNotices).toEqual([notice]);
  });
});

describe('answer', () => {
  it('has type, answer, confidence (even when undefined), then the run id and step', async () => {
    const model = new ScriptedModel([JSON.stringify(answer('4'))]);
    const { events } = await collect(createAgent({ model, protocol: 'json' }).run('2+2?'));
    const event = ofType(events, 'answer');
    expect(Object.keys(event)).toEqual(['type', 'answer', 'confidence', 'runId', 'step']);
    expect(event).toMatchObject({ answer: '4', confidence: undefined });
  });

  it('adds delivered after confidence when the answer was delivered as it came (envelope send_response)', async () => {
    const say = (text: string, confidence: number) => ({ action: 'send_response', type: 'output', params: { text }, confidence });
    const reply = { llm_output_schema_version: 'llm-json-output-draft-0.3', status: 'SUCCESS_FINAL', thoughts: [], actions: [say('One.', 0.9), say('Two.', 0.6)], final_response: '' };
    const model = new ScriptedModel([JSON.stringify(reply)]);
    const { events } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    const event = ofType(events, 'answer');
    expect(Object.keys(event)).toEqual(['type', 'answer', 'confidence', 'delivered', 'runId', 'step']);
    expect(event).toMatchObject({ answer: 'One.\n\nTwo.', confidence: 0.6, delivered: true });
  });
});

describe('run-end and the result', () => {
  it('answered: no error field; the result fields in order, the transcript a copy', async () => {
    const model = new ScriptedModel([JSON.stringify(call('add', { a: 1, b: 2 })), JSON.stringify(answer('3'))]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('1+2?'));
    const end = ofType(events, 'run-end');
    expect(Object.keys(end)).toEqual(['type', 'status', 'usage', 'runId', 'step']);
    expect(end).toMatchObject({ status: 'answered', step: 2, usage: result.usage });
    expect(Object.keys(result)).toEqual(['runId', 'status', 'steps', 'usage', 'stepUsage', 'usageEstimated', 'transcript', 'answer']);
    expect(result).toMatchObject({ status: 'answered', steps: 2, answer: '3', usageEstimated: false });
    expect(result.stepUsage).toHaveLength(2);
    expect(result.transcript.length).toBeGreaterThan(2);
    expect(Object.isFrozen(result.transcript)).toBe(false);
  });

  it('failed: the error on run-end and last in the result', async () => {
    const model = new ScriptedModel([JSON.stringify(call('add', { a: 1, b: 2 })), JSON.stringify(call('add', { a: 1, b: 3 }))]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false, maxSteps: 1 }).run('1+2?'));
    const end = ofType(events, 'run-end');
    expect(Object.keys(end)).toEqual(['type', 'status', 'usage', 'error', 'runId', 'step']);
    expect(end.error).toBe(result.error);
    expect(Object.keys(result)).toEqual(['runId', 'status', 'steps', 'usage', 'stepUsage', 'usageEstimated', 'transcript', 'error']);
    expect(result.status).toBe('failed');
  });

  it('failed with a best-effort answer: error, bestEffort and the answer in that order', async () => {
    const model = new ScriptedModel([JSON.stringify(call('add', { a: 1, b: 2 })), JSON.stringify(answer('about 3'))]);
    const agent = createAgent({ model, tools: [addTool], protocol: 'json', stream: false, maxSteps: 1, bestEffortAnswer: true });
    const { result } = await collect(agent.run('1+2?'));
    expect(Object.keys(result)).toEqual(['runId', 'status', 'steps', 'usage', 'stepUsage', 'usageEstimated', 'transcript', 'error', 'bestEffort', 'answer']);
    expect(result).toMatchObject({ status: 'failed', bestEffort: true, answer: 'about 3' });
  });
});
