/**
 * Reasoning written between calls (interleaved thinking; a rollout that drafts a call in its thoughts
 * and then writes the one it means) is reasoning wherever it stands after a call: a call drafted
 * inside it never runs, and the calls around it are read. A `<think>` inside an argument stays the
 * argument's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { withoutInterleavedReasoning } from '../../src/protocols/extract/interleaved-reasoning.ts';

const lookup: ToolSpec = { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } };
const note: ToolSpec = { name: 'note', inputSchema: { type: 'object', properties: { body: { type: 'string' } }, required: ['body'] } };
const tools = [lookup, note];
const hermes = (name: string, args: object) => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const qwenXml = (name: string, key: string, value: string) => `<tool_call>\n<function=${name}>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>`;
const callsOf = (text: string, maxActions = 3) => {
  const result = parseDecision('native', text, { tools, maxActions });
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])) : undefined;
};

describe('reasoning between calls', () => {
  it('a call drafted in reasoning after a call is not run', () => {
    const text = `${hermes('lookup', { term: 'tides' })}\n<think>Maybe also ${hermes('note', { body: 'draft' })}? No.</think>`;
    expect(callsOf(text)).toEqual([['lookup', { term: 'tides' }]]);
  });

  it('reasoning blocks between calls are dropped and every call around them is read, in order', () => {
    const text = `<think>Plan: ${hermes('note', { body: 'first draft' })}</think>\n${hermes('lookup', { term: 'moon' })}\n<thinking>Then ${hermes('note', { body: 'second draft' })}</thinking>\n${hermes('note', { body: 'done' })}`;
    expect(callsOf(text)).toEqual([
      ['lookup', { term: 'moon' }],
      ['note', { body: 'done' }],
    ]);
  });

  it('works for Qwen3-Coder XML calls too', () => {
    const text = `${qwenXml('lookup', 'term', 'sun')}\n<think>${qwenXml('note', 'body', 'draft')}</think>\n${qwenXml('note', 'body', 'kept')}`;
    expect(callsOf(text)).toEqual([
      ['lookup', { term: 'sun' }],
      ['note', { body: 'kept' }],
    ]);
  });

  it('a <think> inside a JSON argument, even after a closing call tag, stays the argument', () => {
    const body = '</tool_call> <think>x</think> <b>';
    expect(callsOf(hermes('note', { body }))).toEqual([['note', { body }]]);
  });

  it('an answer that mentions the tags keeps them', () => {
    expect(withoutInterleavedReasoning('Wrap thoughts in <think>..</think> tags.').reasoning).toEqual([]);
    expect(withoutInterleavedReasoning('See </b>\n<think>x</think>\n<i>').reasoning).toEqual([]);
  });

  it('property: whatever call is drafted in reasoning after a call, only the calls outside reasoning run', () => {
    const words = fc.stringMatching(/^[A-Za-z ,.]{0,30}$/);
    const term = fc.stringMatching(/^[a-z]{1,12}$/);
    fc.assert(
      fc.property(term, words, term, fc.boolean(), fc.constantFrom('think', 'thinking', 'reasoning'), (first, thought, drafted, second, tag) => {
        const draft = hermes('note', { body: drafted });
        const after = second ? `\n${hermes('lookup', { term: `${first}2` })}` : '';
        const text = `${hermes('lookup', { term: first })}\n<${tag}>${thought}${draft}</${tag}>${after}`;
        const expected: unknown[] = [['lookup', { term: first }]];
        if (second) expected.push(['lookup', { term: `${first}2` }]);
        expect(callsOf(text)).toEqual(expected);
      }),
    );
  });
});
