import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect } from './helpers.ts';

describe('event order', () => {
  it('follows START -> THINKING -> TOOL_RUN -> THINKING -> END with one run id and step numbers', async () => {
    const model = new ScriptedModel(['oops', JSON.stringify(call('add', { a: 1, b: 2 })), JSON.stringify(answer('3'))]);
    const run = createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('1+2?');
    const { events } = await collect(run);
    expect(events.map((event) => `${event.step}:${event.type}`)).toEqual([
      '0:run-start',
      '1:model-request',
      '1:model-response',
      '1:output-invalid',
      '1:model-request',
      '1:model-response',
      '1:decision',
      '1:tool-call',
      '1:tool-result',
      '2:model-request',
      '2:model-response',
      '2:decision',
      '2:answer',
      '2:run-end',
    ]);
    expect(new Set(events.map((event) => event.runId))).toEqual(new Set([run.runId]));
    // the step's usage sums its model calls, the invalid attempt included
    const stepOneCalls = events.flatMap((event) => (event.type === 'model-response' && event.step === 1 ? [event.usage] : []));
    const stepOneDecision = events.find((event) => event.type === 'decision' && event.step === 1);
    expect(stepOneDecision?.type === 'decision' && stepOneDecision.usage).toEqual({
      inputTokens: stepOneCalls.reduce((sum, usage) => sum + usage.inputTokens, 0),
      outputTokens: stepOneCalls.reduce((sum, usage) => sum + usage.outputTokens, 0),
    });
  });

  it('the result resolves without iterating the events', async () => {
    const model = new ScriptedModel([JSON.stringify(answer('yes'))]);
    const result = await createAgent({ model, protocol: 'json' }).run('q').result;
    expect(result).toMatchObject({ status: 'answered', answer: 'yes', steps: 1 });
  });
});
