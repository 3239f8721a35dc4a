/**
 * The model's own words beside a JSON call (`turn-thoughts.ts`): a key told a thought by its words
 * (`reply`, `explanation`, `inner_thoughts`, ..) is kept as a thought, never an argument and never
 * dropped; the same key declared by the called tool is a parameter written in the wrong place, corrected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { isThoughtKey } from '../../src/protocols/dialects/turn-thoughts.ts';

const tools: ToolSpec[] = [
  { name: 'start_pump', inputSchema: { type: 'object', properties: { pump: { type: 'string' } }, required: ['pump'] } },
  { name: 'answer_ticket', inputSchema: { type: 'object', properties: { ticket: { type: 'string' }, reply: { type: 'string' }, explanation: { type: 'string' } }, required: ['ticket'] } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('a line to the user beside a JSON call', () => {
  it('is kept as the turn\'s thought, alone or in a list of turns, fenced or bare', () => {
    const one = '{"function": "start_pump", "args": {"pump": "P2"}, "reply": "Starting pump P2 now."}';
    expect(parse(one)).toMatchObject({ success: true, decisions: [{ tool: 'start_pump', args: { pump: 'P2' } }], thoughts: [{ content: 'Starting pump P2 now.' }] });
    const list = '```\n[{"function": "start_pump", "args": {"pump": "P1"}, "reply": "First P1."}, {"function": "start_pump", "args": {"pump": "P3"}, "explanation": "P3 feeds the tank."}]\n```';
    const result = parse(list);
    expect(result).toMatchObject({ success: true, decisions: [{ args: { pump: 'P1' } }, { args: { pump: 'P3' } }] });
    if (result.success) expect(result.thoughts.map((thought) => thought.content)).toEqual(['First P1.', 'P3 feeds the tank.']);
  });

  it('is corrected when the called tool declares that key: an argument outside its arguments', () => {
    for (const text of ['{"function": "answer_ticket", "args": {"ticket": "T-9"}, "reply": "Fixed in 2.1"}', '{"tool": "answer_ticket", "args": {"ticket": "T-9"}, "explanation": "dup"}']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/`(?:reply|explanation)`/);
    }
  });

  it('is kept the same under every name key, `name` with `arguments` or `parameters` too (a Llama 3 call object)', () => {
    for (const nameKey of ['name', 'function', 'tool_name']) {
      for (const argumentKey of ['arguments', 'parameters']) {
        const text = `{"${nameKey}": "start_pump", "${argumentKey}": {"pump": "P2"}, "thought": "P2 feeds the tank."}`;
        expect(parse(text), text).toMatchObject({ success: true, decisions: [{ tool: 'start_pump', args: { pump: 'P2' } }], thoughts: [{ content: 'P2 feeds the tank.' }] });
      }
    }
    // A key that is no thought, or a thought key holding no text, is still corrected.
    for (const text of ['{"name": "start_pump", "arguments": {"pump": "P2"}, "content": "x"}', '{"name": "start_pump", "arguments": {"pump": "P2"}, "thought": 3}']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('tells reply and explanation keys by their words', () => {
    for (const key of ['reply', 'explanation', 'reply_and_explanation']) expect(isThoughtKey(key), key).toBe(true);
    for (const key of ['reply_id', 'replyCount', 'explanation_url']) expect(isThoughtKey(key), key).toBe(false);
  });
});

describe('property: a thought-worded key the called tool declares is never dropped nor kept as a thought (fast-check)', () => {
  it('the call is corrected, naming the key', () => {
    const text = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}$/);
    fc.assert(
      fc.property(fc.constantFrom('reply', 'explanation'), fc.constantFrom('function', 'tool_name'), fc.constantFrom('args', 'arguments', 'params'), text, (key, nameKey, argumentKey, value) => {
        const reply = JSON.stringify({ [nameKey]: 'answer_ticket', [argumentKey]: { ticket: 'T-1' }, [key]: value });
        const result = parse(reply);
        expect(result.success, reply).toBe(false);
      }),
    );
  });
});
