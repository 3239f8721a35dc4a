/**
 * Kimi K3 `<|open|>tools<|sep|>` calls (sglang `kimi_k3` detector): read as calls, with the reply
 * text of a `response` block as the answer, and a round trip of 2,000 random calls
 * (harness: dialect-round-trip.ts).
 */
import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/get-codec.ts';
import { type Args, checkRoundTrip, type DialectUnderTest } from './dialect-round-trip.ts';

const open = (kind: string) => `<|open|>${kind}<|sep|>`;
const close = (kind: string) => `<|close|>${kind}<|sep|>`;
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const argument = (key: string, value: unknown) =>
  `<|open|>argument key="${escapeAttribute(key)}" type="${typeOf(value)}"<|sep|>${typeof value === 'string' ? value : JSON.stringify(value)}${close('argument')}`;
const k3 = (calls: Array<{ name: string; args: Args }>) =>
  `${open('tools')}${calls.map(({ name, args }, index) => `<|open|>call tool="${escapeAttribute(name)}" index="${index + 1}"<|sep|>${Object.entries(args).map(([key, value]) => argument(key, value)).join('')}${close('call')}`).join('')}${close('tools')}`;

const tools = (...names: string[]) => names.map((name) => ({ name, inputSchema: { type: 'object' } }));
const parse = (text: string, names: string[], maxActions = 1) => protocols.native.parse(text, { tools: tools(...names), maxActions });

describe('Kimi K3 tool calls', () => {
  it('reads calls after a response block, typed by their type attribute, tool names unescaped', () => {
    const text = `${open('response')}Let me run it.${close('response')}${k3([{ name: 'a&b', args: { code: 'print(1)', opts: { a: 1 }, n: 42, flag: true } }])}`;
    const result = parse(text, ['a&b']);
    expect(result.success && result.decisions).toEqual([{ action: 'call_tool', tool: 'a&b', args: { code: 'print(1)', opts: { a: 1 }, n: 42, flag: true }, reason: '' }]);
  });

  it('keeps a string argument as written, entities and markup included, and a non-JSON object text as text', () => {
    const text = k3([{ name: 'python', args: { q: 'say &quot;hi&quot; </|close|>' } }]);
    const result = parse(text, ['python']);
    expect(result.success && result.decisions[0]).toMatchObject({ args: { q: 'say &quot;hi&quot; </|close|>' } });
    const bad = `${open('tools')}<|open|>call tool="python" index="1"<|sep|><|open|>argument key="bad" type="object"<|sep|>{not json${close('argument')}${close('call')}${close('tools')}`;
    const read = parse(bad, ['python']);
    expect(read.success && read.decisions[0]).toMatchObject({ args: { bad: '{not json' } });
  });

  it('reads several calls, and a tools block whose close is missing', () => {
    const two = parse(k3([{ name: 'python', args: { code: 'a' } }, { name: 'python', args: { code: 'b' } }]), ['python'], 2);
    expect(two.success && two.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ code: 'a' }, { code: 'b' }]);
    const unclosedTools = parse(k3([{ name: 'python', args: { code: 'x' } }]).replace(close('tools'), ''), ['python']);
    expect(unclosedTools.success && unclosedTools.decisions[0]).toMatchObject({ tool: 'python', args: { code: 'x' } });
  });

  it('answers with the text of a response block, without the end-of-message marker', () => {
    const result = parse(`${open('response')}hi there${close('response')}${close('message')}`, ['python']);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: 'hi there' }]);
  });

  it('reads reasoning the template opened (`..<|close|>think<|sep|>`) as reasoning, and drops the end-of-message framing', () => {
    const answer = parse(`weigh the options${close('think')}${open('response')}Take the train.${close('response')}${close('message')}<|end_of_msg|>`, ['python']);
    expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: 'Take the train.' }]);
    const bare = parse(`short${close('think')}No response block here.${close('message')}`, ['python']);
    expect(bare.success && bare.decisions).toEqual([{ action: 'answer_user', answer: 'No response block here.' }]);
    const call = parse(`plan it${close('think')}${k3([{ name: 'python', args: { code: 'x' } }])}${close('message')}`, ['python']);
    expect(call.success && call.decisions).toEqual([{ action: 'call_tool', tool: 'python', args: { code: 'x' }, reason: '' }]);
  });

  it('still refuses the family\'s tokens left in the answer after the reasoning', () => {
    const result = parse(`t${close('think')}${open('response')}A stray ${close('think')} in prose.${close('response')}`, ['python']);
    expect(result.success).toBe(false);
  });

  it('corrects a call cut off inside an argument instead of answering with the markup', () => {
    const result = parse(`${open('tools')}<|open|>call tool="python" index="1"<|sep|><|open|>argument key="code" type="string"<|sep|>print(`, ['python']);
    expect(result.success).toBe(false);
  });
});

const dialect: DialectUnderTest = { name: 'Kimi K3', render: (call) => k3([call]), verbatim: true };

describe('round trip of Kimi K3', () => {
  it('Kimi K3: the same call, a correction, or a call rendering to the same text; never another call', () => checkRoundTrip(dialect), 120_000);
});
