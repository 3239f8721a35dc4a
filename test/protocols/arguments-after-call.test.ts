/**
 * A call read with no arguments while a JSON object follows it right away (after at most a note in
 * parentheses and a short label) is corrected, never run with `{}`; and thought keys are told by
 * their words (`thoughts_and_reasoning`, `inner_thoughts`), read as thoughts beside a call. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { isThoughtKey } from '../../src/protocols/dialects/turn-thoughts.ts';

const tool = (name: string, ...keys: string[]): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, {}])) } });
const tools = [tool('kiln_status', 'kiln'), tool('fire_kiln', 'kiln', 'cone')];

describe('arguments written after an argument-less call', () => {
  it('corrects a bracket call followed by a labelled JSON object', () => {
    for (const text of [
      '[Tool call: kiln_status] (id=k7) Arguments: {"kiln": "north"}',
      '[Calling tool: kiln_status]\nInput: {"kiln": "north"}',
      '[Tool call: kiln_status] {"kiln": "north"}',
    ]) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message).toContain('`kiln_status` was read with no arguments');
    }
  });

  it('reads the arguments gpt4free writes on the line after a bracket call, and corrects them cut off', () => {
    const text = '[Tool call: fire_kiln] (id=k1)\nArguments: {"kiln": "west", "cone": 5}\n[Tool call: kiln_status]\nArguments: {"kiln": "west"}';
    expect(parseDecision('native', text, { tools, maxActions: 2 })).toMatchObject({ success: true, decisions: [{ tool: 'fire_kiln', args: { kiln: 'west', cone: 5 } }, { tool: 'kiln_status', args: { kiln: 'west' } }] });
    expect(parseDecision('native', '[Tool call: fire_kiln]\nArguments: {"kiln": "west", "cone": 5', { tools }).success).toBe(false);
  });

  it('still runs an argument-less call followed by prose or an empty object', () => {
    const plain = parseDecision('native', '[Tool call: kiln_status]\nChecking every kiln now.', { tools });
    expect(plain).toMatchObject({ success: true, decisions: [{ tool: 'kiln_status', args: {} }] });
    const empty = parseDecision('native', '[Tool call: kiln_status]\nArguments: {}', { tools });
    expect(empty).toMatchObject({ success: true, decisions: [{ tool: 'kiln_status', args: {} }] });
  });

  it('never runs an argument-less call whose arguments follow it, whatever the label and values', () => {
    const label = fc.constantFrom('', 'Arguments: ', 'Args:', 'Input: ', 'parameters:\n', '(id=c1)\nArguments: ', '(call 2) ');
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\\"\n]/.test(s));
    fc.assert(
      fc.property(fc.constantFrom('[Tool call: ', '[Calling tool: '), label, value, fc.constantFrom('\n', ' ', ''), (marker, lead, kiln, gap) => {
        const text = `${marker}fire_kiln]${gap}${lead}{"kiln": "${kiln}", "cone": 6}`;
        const result = parseDecision('native', text, { tools });
        expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool' && Object.keys(decision.args).length === 0), text).toBe(false);
      }),
    );
  });
});

describe('thought keys told by their words', () => {
  it('reads a call beside thoughts_and_reasoning, under params or arguments, and keeps the thought', () => {
    for (const argumentKey of ['params', 'arguments']) {
      const text = `{"thoughts_and_reasoning": "The north kiln is idle.", "function": "fire_kiln", "${argumentKey}": {"kiln": "north", "cone": 6}}`;
      const result = parseDecision('native', text, { tools });
      expect(result, argumentKey).toMatchObject({ success: true, decisions: [{ tool: 'fire_kiln', args: { kiln: 'north', cone: 6 } }] });
      if (result.success) expect(result.thoughts.map((thought) => thought.content)).toEqual(['The north kiln is idle.']);
    }
  });

  it('tells thought keys from other keys', () => {
    for (const key of ['thought', 'thoughts_and_reasoning', 'inner_thoughts', 'chain_of_thought', 'thoughtsAndReasoning', 'rationale']) expect(isThoughtKey(key), key).toBe(true);
    for (const key of ['thought_id', 'reason_code', 'mood', 'content', 'and', 'request_heartbeat']) expect(isThoughtKey(key), key).toBe(false);
  });

  it('still corrects a key beside the thought that is no thought', () => {
    const result = parseDecision('native', '{"inner_thoughts": "fire it", "function": "fire_kiln", "params": {"kiln": "north"}, "request_heartbeat": true}', { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('`request_heartbeat`');
  });
});

describe('a JSON call naming its tool under "tool"', () => {
  it('reads it for an offered tool, under each arguments key', () => {
    for (const argumentKey of ['args', 'arguments', 'input']) {
      const result = parseDecision('native', `{"tool": "fire_kiln", "${argumentKey}": {"kiln": "south", "cone": 4}}`, { tools });
      expect(result, argumentKey).toMatchObject({ success: true, decisions: [{ tool: 'fire_kiln', args: { kiln: 'south', cone: 4 } }] });
    }
  });

  it('still corrects a key beside it', () => {
    const stray = parseDecision('native', '{"tool": "fire_kiln", "args": {"kiln": "south"}, "note": "hot"}', { tools });
    expect(stray.success).toBe(false);
    if (!stray.success) expect(stray.error.message).toContain('`note`');
  });
});

describe('an arguments element holding one JSON object, in every name-element spelling', () => {
  it('reads <args>, <parameters> and <input> holding JSON under <tool_call> and <function_call>', () => {
    for (const [outer, inner] of [['tool_call', 'args'], ['function_call', 'parameters'], ['tool_call', 'input'], ['function_call', 'arguments']]) {
      const text = `<${outer}>\n<name>fire_kiln</name>\n<${inner}>{"kiln": "east", "cone": 10}</${inner}>\n</${outer}>`;
      expect(parseDecision('native', text, { tools }), text).toMatchObject({ success: true, decisions: [{ tool: 'fire_kiln', args: { kiln: 'east', cone: 10 } }] });
    }
  });

  it('corrects a JSON object cut off inside the element, or text after it', () => {
    for (const text of ['<function_call><name>fire_kiln</name><parameters>{"kiln": "east", "cone": </parameters></function_call>', '<tool_call><name>fire_kiln</name><args>{"kiln": "east"} and more</args></tool_call>']) {
      expect(parseDecision('native', text, { tools }).success, text).toBe(false);
    }
  });
});
