import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { addTool, collect, ofType } from './helpers.ts';

const cut = (text: string) => ({ text, finishReason: 'length' as const });

describe('replies cut at the output token limit (finish reason length)', () => {
  it('an answer that hit the limit is not accepted: the model is told and asked again, shorter', async () => {
    const model = new MockModel([cut('The three largest moons of Jupiter are Ganymede, Callisto and'), 'Ganymede, Callisto and Io.']);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'native' }).run('q'));
    expect([result.status, result.answer]).toEqual(['answered', 'Ganymede, Callisto and Io.']);
    const [invalid] = ofType(events, 'output-invalid');
    expect(invalid).toMatchObject({ kind: 'truncated', attempt: 1 });
    expect(JSON.stringify(model.calls[1]?.messages)).toContain('cut off at the output token limit');
  });

  it('JSON that repair closed after the limit is not accepted either', async () => {
    const model = new MockModel([cut('{"action":"call_tool","tool":"add","args":{"a":1,"b":2'), '{"action":"answer_user","answer":"done"}']);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('q'));
    expect(ofType(events, 'tool-call')).toHaveLength(0);
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('truncated');
    expect(result.answer).toBe('done');
  });

  it('a complete tool call that needed no repair is kept: the limit fell after it', async () => {
    const model = new MockModel([cut('{"action":"call_tool","tool":"add","args":{"a":1,"b":2},"reason":"sum"}'), '{"action":"answer_user","answer":"3"}']);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('q'));
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['add']);
    expect(ofType(events, 'output-invalid')).toHaveLength(0);
    expect(result.answer).toBe('3');
  });
});
