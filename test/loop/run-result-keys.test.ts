/**
 * A run's result is written key by key (run-agent.ts `finish`), not merged from an object of fields:
 * its keys keep the order the merge gave them, for every way a run ends.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { Decision } from '../../src/spec/decision.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, turn } from './helpers.ts';

const base = ['runId', 'status', 'steps', 'usage', 'stepUsage', 'usageEstimated', 'transcript'];
const tools = [addTool.spec];
const confident = (text: string): Decision => ({ ...answer(text), confidence: 0.5 });
const script = (...decisions: Decision[]) => decisions.map((decision) => turn('json', [decision], tools));

async function resultKeys(steps: ReturnType<typeof script>, options: { maxSteps?: number; bestEffortAnswer?: boolean; signal?: AbortSignal } = {}) {
  const { signal, ...agentOptions } = options;
  const agent = createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json', stream: false, ...agentOptions });
  const result = await agent.run('q', { signal }).result;
  return { keys: Object.keys(result), result };
}

describe('run result keys', () => {
  it('answered: the common keys, then answer (and confidence when the answer has one)', async () => {
    expect((await resultKeys(script(answer('4')))).keys).toEqual([...base, 'answer']);
    const withConfidence = await resultKeys(script(confident('4')));
    expect(withConfidence.keys).toEqual([...base, 'answer', 'confidence']);
    expect(withConfidence.result.confidence).toBe(0.5);
  });

  it('failed: error last; with a best-effort answer, then bestEffort, answer and any confidence', async () => {
    const looping = [call('add', { a: 1, b: 1 }), call('add', { a: 2, b: 2 })];
    expect((await resultKeys(script(...looping), { maxSteps: 1 })).keys).toEqual([...base, 'error']);
    expect((await resultKeys(script(looping[0]!, answer('About 2.')), { maxSteps: 1, bestEffortAnswer: true })).keys).toEqual([...base, 'error', 'bestEffort', 'answer']);
    const best = await resultKeys(script(looping[0]!, confident('About 2.')), { maxSteps: 1, bestEffortAnswer: true });
    expect(best.keys).toEqual([...base, 'error', 'bestEffort', 'answer', 'confidence']);
    expect(best.result).toMatchObject({ status: 'failed', bestEffort: true, answer: 'About 2.', confidence: 0.5 });
  });

  it('cancelled: error last', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const { keys, result } = await resultKeys(script(answer('4')), { signal: controller.signal });
    expect(result.status).toBe('cancelled');
    expect(keys).toEqual([...base, 'error']);
  });
});
