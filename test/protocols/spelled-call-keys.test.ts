/**
 * A call's framing written in another spelling than the reader knows it:
 * - JSON whose layout was escaped once more (`{\n  "action": ..}` with `\n` as two characters) is that
 *   JSON, the only reading a backslash between tokens has (`escaped-layout.ts`); a call escaped once
 *   more as a whole string (`{\"name\": ..}`) is never the answer;
 * - a JSON agent step's keys in another case style (`actionInput`, `Action-Input`) are the step's own
 *   (`framing-key-spelling.ts`); two keys spelling one are refused;
 * - ReAct steps labelled as beeai-framework writes them (`Function Name:`, `Function Input:`, and
 *   `Tool Name:` ..) are ReAct steps (`react-sections.ts`);
 * - a JSON object naming an offered tool under a name key beside an arguments key in any case style
 *   (`toolInput`, `functionArgs`) is never the answer, even when its JSON cannot be read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { escapedLayout } from '../../src/protocols/extract/escaped-layout.ts';
import { readJson } from '../../src/protocols/extract/read-json.ts';

const tools: ToolSpec[] = [
  { name: 'find_flight', inputSchema: { type: 'object', properties: { origin: { type: 'string' }, stops: { type: 'integer' } }, required: ['origin'] } },
  { name: 'ping', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string) => parseDecision('native', text, { tools });
const RUNS = 80;

describe('escaped layout between JSON tokens', () => {
  it('reads layout escaped once more as the whitespace it escapes, keeping the escapes inside strings', () => {
    const written = String.raw`{\n  "origin": "Lyon\nGare",\n\t"stops": 1\r\n}`;
    expect(readJson(written)).toEqual({ ok: true, value: { origin: 'Lyon\nGare', stops: 1 }, repaired: true });
    expect(parse(String.raw`{\n "action": "find_flight",\n "action_input": {"origin": "Lyon"}\n}`)).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'find_flight', args: { origin: 'Lyon' } },
    });
  });

  it('leaves other text to the other rules: another backslash between tokens, a real line break or a single quote', () => {
    expect(escapedLayout(String.raw`{\n "a": 1 \u0020}`)).toBeUndefined();
    expect(escapedLayout(`{\\n "a": 1,\n "b": 2}`)).toBeUndefined();
    expect(escapedLayout(String.raw`{\n 'a': 1}`)).toBeUndefined();
    expect(escapedLayout('{"a": "x\\ny"}')).toBeUndefined();
  });

  it('property: any JSON object, laid out and escaped once more, reads as that object', () => {
    const object = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }).filter((value) => !JSON.stringify(value).includes('__proto__'));
    fc.assert(
      fc.property(object, fc.constantFrom(1, 2, '\t'), (value, indent) => {
        const escaped = JSON.stringify(value, null, indent).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
        const reading = readJson(escaped);
        expect(reading, escaped).toMatchObject({ ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a JSON call escaped once more as a string', () => {
  it('property: a call object written as the body of a JSON string (quotes and layout escaped) is never the answer', () => {
    const shape = fc.constantFrom(
      (tool: string) => ({ name: tool, arguments: { origin: 'Oslo' } }),
      (tool: string) => ({ action: tool, action_input: { origin: 'Oslo' } }),
      (tool: string) => ({ tool, origin: 'Oslo' }),
    );
    fc.assert(
      fc.property(shape, fc.constantFrom(undefined, 1, 2), fc.constantFrom('', '<tool_call>'), (write, indent, wrapper) => {
        const body = JSON.stringify(JSON.stringify(write('find_flight'), null, indent)).slice(1, -1);
        const text = wrapper ? `${wrapper}${body}</tool_call>` : body;
        const result = parse(text);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user'), text).toBe(false);
      }),
      { numRuns: RUNS },
    );
    // Prose with escaped quotes and no call stays the answer.
    expect(parse(String.raw`Use \"quotes\" in the pattern.`)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });
});

describe('a JSON agent step in another case style', () => {
  it('reads actionInput, ActionInput and action-input as action_input', () => {
    for (const key of ['actionInput', 'ActionInput', 'action-input', 'Action_Input']) {
      const text = JSON.stringify({ thought: 'need a route', action: 'find_flight', [key]: { origin: 'Oslo' } });
      expect(parse(text), text).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_flight', args: { origin: 'Oslo' }, reason: 'need a route' } });
    }
  });

  it('refuses a step whose input is written under two spellings (two readings), never answering it', () => {
    const result = parse('{"action": "find_flight", "actionInput": {"origin": "Oslo"}, "action_input": {"origin": "Rome"}}');
    expect(result.success).toBe(false);
  });
});

describe('ReAct steps as beeai-framework labels them', () => {
  it('reads Function Name / Function Input (and Tool Name / Tool Input), ignoring a written Function Output', () => {
    for (const word of ['Function', 'Tool']) {
      const text = `Thought: a route from Oslo.\n${word} Name: find_flight\n${word} Input: {"origin": "Oslo"}\n${word} Output: {"flights": 3}`;
      expect(parse(text), text).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_flight', args: { origin: 'Oslo' }, reason: 'a route from Oslo.' } });
    }
    expect(parse('Thought: nothing to look up.\nFinal Answer: Hello there.')).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'Hello there.' } });
  });

  it('corrects a Function Name without its input in the labels the reply uses', () => {
    const result = parse('Thought: go.\nFunction Name: find_flight\n');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('Function Input:');
  });
});

describe('an arguments key in any case style beside a tool name', () => {
  it('property: an object naming an offered tool beside a spelled arguments key is never the answer, readable or not', () => {
    const nameKey = fc.constantFrom('name', 'tool', 'action', 'function', 'tool_name');
    const argsWord = fc.constantFrom('input', 'args', 'arguments', 'params', 'parameters');
    const prefix = fc.constantFrom('', 'action', 'tool', 'function', 'call');
    const style = fc.constantFrom('camel', 'snake', 'kebab', 'pascal');
    const damage = fc.constantFrom('none', 'garbage after', 'comma dropped', 'cut', 'escaped layout');
    const spelled = (head: string, tail: string, how: string): string => {
      if (head === '') return how === 'pascal' ? tail[0]?.toUpperCase() + tail.slice(1) : tail;
      const cap = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`;
      if (how === 'camel') return `${head}${cap(tail)}`;
      if (how === 'pascal') return `${cap(head)}${cap(tail)}`;
      return `${head}${how === 'snake' ? '_' : '-'}${tail}`;
    };
    fc.assert(
      fc.property(nameKey, prefix, argsWord, style, damage, fc.boolean(), (name, head, tail, how, harm, thoughtFirst) => {
        const argsKey = spelled(head, tail, how);
        fc.pre(argsKey !== name);
        const members = [`"${name}": "find_flight"`, `"${argsKey}": {"origin": "Oslo"}`];
        if (thoughtFirst) members.unshift('"thought": "a route"');
        let text = `{${members.join(', ')}}`;
        if (harm === 'garbage after') text = `${text.slice(0, -1)} ##, more`;
        if (harm === 'comma dropped') text = text.replace('", "', '" "');
        if (harm === 'cut') text = text.slice(0, text.indexOf('Oslo'));
        if (harm === 'escaped layout') text = text.replace(/, /g, ',\\n  ');
        const result = parse(text);
        if (!result.success) return;
        expect(result.decisions.map((decision) => decision.action), text).toEqual(['call_tool']);
        expect(result.decision, text).toMatchObject({ tool: 'find_flight', args: { origin: 'Oslo' } });
      }),
      { numRuns: RUNS * 3 },
    );
  });
});
