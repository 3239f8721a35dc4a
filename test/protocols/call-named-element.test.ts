/**
 * An element named for a call in a spelling no reader knows (`call-named-element.ts`): opened with a
 * call's body after it, or ending the reply, it is a call attempt, corrected, never the answer; a tag
 * followed by words, a result or a tool list echoed, and code stay prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { isCallElementName } from '../../src/protocols/dialects/call-named-element.ts';

const tools: ToolSpec[] = [{ name: 'lookup_tide', inputSchema: { type: 'object', properties: { harbour: { type: 'string' } }, required: ['harbour'] } }];
const outcome = (text: string, protocol: 'native' | 'xml' = 'native') => {
  const result = parseDecision(protocol, text, { tools });
  if (!result.success) return `refused: ${result.error.message}`;
  return result.decisions.map((decision) => decision.action).join(', ');
};

describe('call-named elements', () => {
  it('splits an element name into words and finds a call word, never in a result or a tool list', () => {
    const calls = ['tool_use', 'use_tool', 'function_call', 'FunctionCall', 'toolcall', 'toolUse', 'api_call', 'run_tool', 'tool-request', 'my:invoke', 'call'];
    const notCalls = ['tool_result', 'function_results', 'tool', 'function', 'tools', 'functions', 'ToolOutput', 'tool_schema', 'recall', 'callout', 'b', 'details', 'action'];
    expect(calls.filter((name) => !isCallElementName(name))).toEqual([]);
    expect(notCalls.filter((name) => isCallElementName(name))).toEqual([]);
  });

  it.each([
    ['opened at the end of the reply', 'I need the tide table first.<tool_use>'],
    ['opened before a JSON body, never closed', 'Let me check.<function_call>{"harbour": "Brest"}'],
    ['opened before an element no reader takes', 'pre <use_tool><bogus>value trailing'],
    ['with an attribute, before a list', 'Checking <ToolCall id="1">["Brest"]</ToolCall>'],
    ['cut off at the end', 'One moment <api_call'],
  ])('%s is a call attempt', (_label, text) => {
    for (const protocol of ['native', 'xml'] as const) expect(outcome(text, protocol), `${protocol}: ${text}`).toMatch(/^refused: .*element, a tool call that could not be read/);
  });

  it.each([
    ['a tag followed by words', 'The <tool_calling> marker starts a call.'],
    ['a word in a sentence after `<`', 'How do I type <tool_use in docs?'],
    ['a result echoed', 'It said <tool_result>{"tide": "high"}</tool_result>, so high tide.'],
    ['a tool list echoed', 'I can use <tools>[lookup_tide]</tools> only.'],
    ['markup quoted as inline code', 'Models write `<tool_use>{"name": "x"}` for that.'],
    ['markup in a fence', 'Like so:\n```\n<function_call>{"harbour": "Brest"}\n```'],
  ])('%s stays the answer', (_label, text) => {
    expect(outcome(text)).toBe('answer_user');
  });

  it('a call read after a label element with no closing tag is the call (glaive writes `<functioncall> {..}`)', () => {
    const text = 'Sure.<functioncall> {"name": "lookup_tide", "arguments": {"harbour": "Brest"}}';
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'lookup_tide', args: { harbour: 'Brest' } }] });
  });

  it('property: prose, then a call-named element opening a JSON body, is never the answer', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const prose = fc.array(word, { minLength: 0, maxLength: 8 }).map((words) => words.join(' '));
    const name = fc.tuple(fc.constantFrom('', 'use_', 'run_', 'my:', 'api_'), fc.constantFrom('tool', 'function', 'Tool', 'Function'), fc.constantFrom('_call', '_use', 'Call', 'Request', 'calls')).map((parts) => parts.join(''));
    const body = fc.constantFrom('{"harbour": "Brest"}', '[1, 2]', '<step>go</step>', '');
    fc.assert(
      fc.property(prose, name, body, (before, tag, inside) => {
        const text = `${before}${before === '' ? '' : ' '}<${tag}>${inside}`;
        expect(outcome(text), text).toMatch(/^refused: /);
      }),
      { numRuns: 300 },
    );
  });
});
