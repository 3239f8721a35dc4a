import { describe, expect, it } from 'vitest';
import type { Thought } from '../../src/spec/decision.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const chatter = '\n\nThat is my decision. '.repeat(20);

describe.each(['json', 'envelope', 'xml'] as const)('streaming early stop over %s', (protocol) => {
  it('stops pulling the stream as soon as a complete valid decision is read', async () => {
    const decisionText = turn(protocol, [call('add', { a: 2, b: 2 })], [addTool.spec]) as string;
    const chunkSize = 4;
    const model = new ScriptedModel([decisionText + chatter, turn(protocol, [answer('4')])], { chunkSize });
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol }).run('2+2?'));

    expect(result.status).toBe('answered');
    const first = model.streams[0]!;
    expect(first.completed).toBe(false);
    // Read up to the first text after the decision (the chatter's first letters), not beyond.
    const upToChatter = decisionText.length + chatter.search(/\S/) + 1;
    expect(first.chunks).toBe(Math.ceil(upToChatter / chunkSize));
    expect(first.chunks).toBeLessThan(first.totalChunks);
    // the deltas of step 1 add up to exactly the text read; the history keeps the decision, well-formed
    const deltas = ofType(events, 'decision-delta').filter((event) => event.step === 1 && !event.thought);
    const read = deltas.map((event) => event.text).join('');
    expect(read.length).toBe(first.chunks * chunkSize);
    expect(result.transcript[1]).toEqual({ role: 'assistant', content: decisionText });
    // ...and the model is told that what followed its decision was not read
    expect(result.transcript[2]?.content).toMatch(/what you wrote after it was not read/);
    expect(ofType(events, 'tool-result')).toHaveLength(1);
  });
});

describe('streaming', () => {
  it('reads to the end when the decision only completes at the end', async () => {
    const model = new ScriptedModel(['The answer is 4.'], { chunkSize: 3 });
    const { result } = await collect(createAgent({ model, protocol: 'xml' }).run('2+2?'));
    expect(result.answer).toBe('The answer is 4.');
    expect(model.streams[0]?.completed).toBe(true);
  });

  it('takes the generate path when stream is false', async () => {
    const model = new ScriptedModel([JSON.stringify(answer('x'))]);
    const { events } = await collect(createAgent({ model, protocol: 'json', stream: false }).run('q'));
    expect(model.streams).toHaveLength(0);
    expect(ofType(events, 'decision-delta')).toHaveLength(0);
  });

  it('estimates usage when the stream stopped before the provider reported it', async () => {
    const model = new ScriptedModel([JSON.stringify(answer('x')) + chatter], { chunkSize: 4 });
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    expect(model.streams[0]?.completed).toBe(false);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('envelope: emits each typed thought as it completes, before the stream ends', async () => {
    const thoughts: Thought[] = [
      { type: 'OBSERVATION', content: 'The user wants a sum.' },
      { type: 'PLAN', content: 'Call add with {a: 2, b: 2}.' },
      { type: 'ASSUMPTION', content: 'Integers only.' },
    ];
    const text = getCodec('envelope').render({ decisions: [call('add', { a: 2, b: 2 })], thoughts });
    const model = new ScriptedModel([text, turn('envelope', [answer('4')])], { chunkSize: 5 });
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('2+2?'));

    const stepOne = events.filter((event) => event.step === 1);
    const thoughtDeltas = ofType(stepOne, 'decision-delta').filter((event) => event.thought);
    expect(thoughtDeltas.map((event) => event.thought)).toEqual(thoughts);
    // the first thought is reported while text is still streaming in
    const firstThought = stepOne.findIndex((event) => event.type === 'decision-delta' && event.thought);
    const lastText = stepOne.findLastIndex((event) => event.type === 'decision-delta' && !event.thought);
    expect(firstThought).toBeLessThan(lastText);
    expect(ofType(stepOne, 'decision')[0]?.thoughts).toEqual(thoughts);
  });
});

describe('streaming and several actions per turn', () => {
  const two = [call('add', { a: 1, b: 2 }), call('add', { a: 3, b: 4 })];

  describe.each(['json', 'xml', 'line'] as const)('over %s', (protocol) => {
    it('with maxActionsPerTurn 2 reads the whole turn and runs both actions, as generate does', async () => {
      const script = () => [turn(protocol, two, [addTool.spec]), turn(protocol, [answer('3 and 7')])];
      const streamed = new ScriptedModel(script(), { chunkSize: 3 });
      const generated = new ScriptedModel(script());
      const options = { tools: [addTool], protocol, maxActionsPerTurn: 2 } as const;
      const viaStream = await collect(createAgent({ ...options, model: streamed }).run('sums'));
      const viaGenerate = await collect(createAgent({ ...options, model: generated, stream: false }).run('sums'));

      expect(streamed.streams[0]?.completed).toBe(true);
      for (const { events, result } of [viaStream, viaGenerate]) {
        expect(result.status).toBe('answered');
        expect(ofType(events, 'tool-call').map((event) => event.args)).toEqual([
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ]);
      }
      expect(viaStream.result.transcript).toEqual(viaGenerate.result.transcript);
      expect(viaStream.result.usageEstimated).toBe(false);
    });

    it('with maxActionsPerTurn 1 takes the first complete decision and stops (generate would reject the turn)', async () => {
      const script = () => [turn(protocol, two, [addTool.spec]), turn(protocol, [answer('3')])];
      const streamed = new ScriptedModel(script(), { chunkSize: 3 });
      const viaStream = await collect(createAgent({ model: streamed, tools: [addTool], protocol }).run('sums'));
      expect(streamed.streams[0]?.completed).toBe(false);
      expect(ofType(viaStream.events, 'tool-call').map((event) => event.args)).toEqual([{ a: 1, b: 2 }]);
      expect(ofType(viaStream.events, 'output-invalid')).toHaveLength(0);

      const generated = new ScriptedModel([...script(), turn(protocol, [answer('3')])]);
      const viaGenerate = await collect(createAgent({ model: generated, tools: [addTool], protocol, stream: false }).run('sums'));
      expect(ofType(viaGenerate.events, 'output-invalid')[0]?.kind).toBe('too-many-actions');
    });
  });
});

