/**
 * Seed 002 (xml, ReAct): the THOUGHT before a tool call is streamed as its own event, as the
 * envelope's typed thoughts are: one `decision-delta` with `thought` as soon as the tool call opens,
 * before the rest of the call has streamed, and never twice.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { XmlThoughtTracker } from '../../src/protocols/xml-thoughts.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType } from './helpers.ts';

const xml = getCodec('xml');
const plan = 'I should add the numbers with the add tool.';
const callText = xml.render({ decisions: [call('add', { a: 2, b: 2 }, plan)] });

describe('streamed xml thoughts in a run', () => {
  it('emits the thought before the call as a PLAN thought event, once, before the call has streamed', async () => {
    const model = new ScriptedModel([callText, xml.render({ decisions: [answer('4')] })], { chunkSize: 3 });
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'xml' }).run('2+2?'));
    expect(result.status).toBe('answered');
    const stepOne = events.filter((event) => event.step === 1);
    const deltas = ofType(stepOne, 'decision-delta');
    expect(deltas.flatMap((event) => (event.thought ? [event.thought] : []))).toEqual([{ type: 'PLAN', content: plan }]);
    const thoughtAt = stepOne.findIndex((event) => event.type === 'decision-delta' && event.thought);
    const lastText = stepOne.findLastIndex((event) => event.type === 'decision-delta' && !event.thought);
    expect(thoughtAt).toBeGreaterThan(0);
    expect(thoughtAt).toBeLessThan(lastText);
    expect(ofType(stepOne, 'decision')[0]?.thoughts).toEqual([{ type: 'PLAN', content: plan }]);
  });

  it('emits no thought for a plain-text answer', async () => {
    const model = new ScriptedModel(['It is 4.'], { chunkSize: 2 });
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'xml' }).run('2+2?'));
    expect(ofType(events, 'decision-delta').some((event) => event.thought)).toBe(false);
  });
});

describe('XmlThoughtTracker', () => {
  it('reports the thought when the opening tag completes, also when the tag is split across deltas', () => {
    const opensAt = callText.indexOf('<tool_code>') + '<tool_code>'.length;
    const tracker = new XmlThoughtTracker();
    const reportedAt: number[] = [];
    for (let index = 1; index <= callText.length; index++) {
      if (tracker.update(callText[index - 1]!).length > 0) reportedAt.push(index);
    }
    expect(reportedAt).toEqual([opensAt]);
  });

  it('reads the thought as the parse does: leading reasoning removed, trimmed; the rest by `remaining`', () => {
    const tracker = new XmlThoughtTracker();
    const text = `<think>hidden</think>\n  ${callText}`;
    expect(tracker.update(text)).toEqual([{ type: 'PLAN', content: plan }]);
    const parsed = xml.parse(text, { tools: [addTool.spec] });
    expect(parsed.success && parsed.thoughts).toEqual([{ type: 'PLAN', content: plan }]);
    expect(tracker.remaining(parsed.success ? parsed.thoughts : [])).toEqual([]);
  });
});
