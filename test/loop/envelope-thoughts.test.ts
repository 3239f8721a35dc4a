/**
 * Streamed envelope thoughts are reported whole: a `}` (or a JSON object) inside a thought's content
 * does not make it count as complete.
 */
import { describe, expect, it } from 'vitest';
import type { Thought } from '../../src/spec/decision.ts';
import { EnvelopeThoughtTracker } from '../../src/protocols/envelope/envelope-thoughts.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const envelope = getCodec('envelope');
const thoughts: Thought[] = [
  { type: 'PLAN', content: 'Call add with {"a":1} and then {"b":2}' },
  { type: 'OBSERVATION', content: 'braces } and ] and { inside, "quoted" too }' },
  { type: 'HYPOTHESIS', content: '}' },
];

/** Feeds `text` one character at a time; returns each thought with the length of text read when it was reported. */
function feed(text: string): Array<{ thought: Thought; at: number }> {
  const tracker = new EnvelopeThoughtTracker();
  const seen: Array<{ thought: Thought; at: number }> = [];
  for (let index = 1; index <= text.length; index++) {
    for (const thought of tracker.update(text[index - 1]!)) seen.push({ thought, at: index });
  }
  return seen;
}

describe('EnvelopeThoughtTracker', () => {
  it('reports each thought whole, once, right after its closing brace, with chunks of one character', () => {
    const text = envelope.render({ decisions: [call('add', { a: 1, b: 2 })], thoughts });
    const seen = feed(text);
    expect(seen.map((entry) => entry.thought)).toEqual(thoughts);
    for (const [index, { at }] of seen.entries()) {
      const prefix = text.slice(0, at);
      expect(prefix.endsWith('}'), `thought ${index} reported at its closing brace`).toBe(true);
      expect(prefix.endsWith(`${JSON.stringify(thoughts[index]!.content)}}`)).toBe(true);
    }
  });

  it('reports nothing while a thought is still open, whatever its content ends with', () => {
    const open = '{"status":"REQUIRES_ACTION","thoughts":[{"type":"PLAN","content":"use {"a":1}';
    expect(new EnvelopeThoughtTracker().update(open.replace('{"a":1}', '{\\"a\\":1}'))).toEqual([]);
    expect(new EnvelopeThoughtTracker().update('{"status":"REQUIRES_ACTION","thoughts":[{"type":"PLAN","content":"}')).toEqual([]);
  });

  it('shows no thought whose JSON writes a key twice (the whole reply is refused for it), and the others', () => {
    const text = '{"status":"SUCCESS_FINAL","thoughts":[{"type":"PLAN","content":"a","content":"b"},{"type":"GOAL","content":"c"}],"actions":[],"final_response":"d"}';
    expect(feed(text).map((entry) => entry.thought)).toEqual([{ type: 'GOAL', content: 'c' }]);
    const parsed = envelope.parse(text, { tools: [] });
    expect(parsed.success ? parsed : parsed.error.message).toContain('`thoughts[].content` is written twice');
  });

  it('reports the rest of the thoughts once at the end', () => {
    const tracker = new EnvelopeThoughtTracker();
    const text = envelope.render({ decisions: [answer('x')], thoughts });
    expect(tracker.update(text)).toEqual(thoughts);
    expect(tracker.remaining(thoughts)).toEqual([]);
  });
});

describe('streamed envelope thoughts in a run', () => {
  it('emits every thought whole with a stream of one-character chunks', async () => {
    const text = envelope.render({ decisions: [call('add', { a: 2, b: 2 })], thoughts });
    const model = new ScriptedModel([text, turn('envelope', [answer('4')])], { chunkSize: 1 });
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('2+2?'));
    const stepOne = events.filter((event) => event.step === 1);
    const reported = ofType(stepOne, 'decision-delta').flatMap((event) => (event.thought ? [event.thought] : []));
    expect(reported).toEqual(thoughts);
    const firstThought = stepOne.findIndex((event) => event.type === 'decision-delta' && event.thought);
    const lastText = stepOne.findLastIndex((event) => event.type === 'decision-delta' && !event.thought);
    expect(firstThought).toBeLessThan(lastText);
  });
});
