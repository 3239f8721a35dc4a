/**
 * Reasoning in an element a framework names its own way, and a call element that declares no call
 * (`named-reasoning-element.ts`): framing, never part of the answer, never hiding the call after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } },
  { name: 'today', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const answerOf = (text: string) => {
  const result = parse(text);
  return result.success && result.decision.action === 'answer_user' ? result.decision.answer : result;
};
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])) : result.error.message;
};

describe('reasoning in a framework-named element', () => {
  it.each([
    ['a compound name', '<step-thoughts>Nothing to look up.</step-thoughts>\nThe sky is blue.'],
    ['a plural name', '<thoughts>Nothing to look up.</thoughts>The sky is blue.'],
    ['before an answer element', '<agent_reasoning>Easy.</agent_reasoning>\n<answer>The sky is blue.</answer>'],
    ['with its opening tag left out', 'Nothing to look up here.</step-thoughts>\nThe sky is blue.'],
  ])('is removed before the answer: %s', (_, text) => {
    expect(answerOf(text)).toBe('The sky is blue.');
  });

  it('does not hide the call after it', () => {
    expect(callsOf('<step-thoughts>Find it.</step-thoughts><call>[lookup(term="tide")]</call>')).toEqual([['lookup', { term: 'tide' }]]);
    expect(callsOf('Find it first.</step-thoughts>\n<call>[today()]</call>')).toEqual([['today', {}]]);
  });

  it('leaves an example quoted in a fence or a blockquote quoted: no call runs', () => {
    for (const text of [
      'Like this:\n```\n<step-thoughts>Find it.</step-thoughts>\n<call>[lookup(term="tide")]</call>\n```\nThat is the format.',
      '> <step-thoughts>Find it.</step-thoughts>\n> <call>[lookup(term="tide")]</call>\n\nThat is the format.',
    ]) {
      const result = parse(text);
      expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), text).toBe(false);
    }
  });

  it('stays in an answer that mentions it later, and a lone stray close of a fixed marker is not widened', () => {
    expect(answerOf('Write <thoughts>..</thoughts> to think aloud.')).toBe('Write <thoughts>..</thoughts> to think aloud.');
    // What a second `</think>` means is the fixed markers' reading (kept, as Ollama keeps it); this rule does not take the reply as reasoning.
    expect(answerOf('<think>one</think>The reply.</think>')).toBe('The reply.</think>');
  });
});

describe('a call element declaring no call', () => {
  it.each([
    ['an empty list before the answer', '<call>[]</call>\n<answer>No lookup needed.</answer>'],
    ['an empty object after reasoning', '<step-thoughts>none</step-thoughts><tool_call>{}</tool_call>No lookup needed.'],
    ['nothing, at the end of the answer', 'No lookup needed. <function-call></function-call>'],
  ])('is framing: %s', (_, text) => {
    expect(answerOf(text)).toBe('No lookup needed.');
  });

  it('is no framing when it holds anything else, or names no call', () => {
    expect(parse('<call>[lookup(term=]</call>\nDone.').success).toBe(false);
    expect(answerOf('Keep <b></b> as written.')).toBe('Keep <b></b> as written.');
  });
});

describe('properties (fast-check)', () => {
  const prose = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,40}[a-z.]$/);
  const reasoningName = fc.tuple(fc.constantFrom('step', 'agent', 'function', 'inner'), fc.constantFrom('-', '_'), fc.constantFrom('thoughts', 'thinking', 'reasoning', 'thought')).map((parts) => parts.join(''));

  it('property: an answer after a framework-named reasoning element is the answer alone', () => {
    fc.assert(
      fc.property(reasoningName, prose, prose, (name, thought, answer) => {
        expect(answerOf(`<${name}>${thought}</${name}>\n${answer}`)).toBe(answer.trim());
      }),
      { numRuns: 200 },
    );
  });

  it('property: a call after a framework-named reasoning element is read with its value', () => {
    const term = fc.stringMatching(/^[A-Za-z0-9 ]{0,20}$/);
    fc.assert(
      fc.property(reasoningName, prose, term, (name, thought, value) => {
        expect(callsOf(`<${name}>${thought}</${name}><call>[lookup(term="${value}")]</call>`)).toEqual([['lookup', { term: value }]]);
      }),
      { numRuns: 200 },
    );
  });
});
