/**
 * A call whose arguments restate the call (`restated-call.ts`): a harmony message to a tool, or a
 * `<tool_call>`, whose body is a whole call object naming the same tool is that object's arguments,
 * where nothing else is in it and the tool declares every inner key; anything else stays as written
 * and is corrected, never run with the framing as arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'fetch_page', inputSchema: { type: 'object', properties: { url: { type: 'string' }, lines: { type: 'integer' } }, required: ['url'] } },
  { name: 'rename', inputSchema: { type: 'object', properties: { name: { type: 'string' }, arguments: {} } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const header = (tool: string) => `<|start|>assistant<|channel|>commentary to=functions.${tool} <|constrain|>json<|message|>`;

describe('a call object restated as a call\'s arguments', () => {
  it('is that object\'s arguments in a harmony message, a call id beside it', () => {
    const text = `${header('fetch_page')}{"name": "fetch_page", "arguments": {"url": "https://example.org", "lines": 20}, "call_id": null}<|call|>`;
    expect(parse(text)).toMatchObject({ success: true, decisions: [{ tool: 'fetch_page', args: { url: 'https://example.org', lines: 20 } }] });
  });

  it('is that object\'s arguments inside a <tool_call> block', () => {
    const text = '<tool_call>{"name": "fetch_page", "arguments": {"name": "fetch_page", "parameters": {"url": "https://example.org"}, "type": "function"}}</tool_call>';
    expect(parse(text)).toMatchObject({ success: true, decisions: [{ tool: 'fetch_page', args: { url: 'https://example.org' } }] });
  });

  it.each([
    ['another tool named inside', `${header('fetch_page')}{"name": "rename", "arguments": {"name": "a"}}<|call|>`],
    ['a key beside the restated call', `${header('fetch_page')}{"name": "fetch_page", "arguments": {"url": "https://example.org"}, "note": "x"}<|call|>`],
    ['an inner key the tool does not declare', `${header('fetch_page')}{"name": "fetch_page", "arguments": {"link": "https://example.org"}}<|call|>`],
  ])('%s: corrected, never run with the framing as arguments', (_label, text) => {
    expect(parse(text).success, text).toBe(false);
  });

  it('a tool that takes `name` gets the object as written', () => {
    const text = '<tool_call>{"name": "rename", "arguments": {"name": "rename", "arguments": {"to": "b"}}}</tool_call>';
    expect(parse(text)).toMatchObject({ success: true, decisions: [{ tool: 'rename', args: { name: 'rename', arguments: { to: 'b' } } }] });
  });
});

describe('property: a restated call runs its own arguments or is refused (fast-check)', () => {
  const url = fc.webUrl();
  it('whatever the call id and the arguments key', () => {
    fc.assert(
      fc.property(url, fc.integer({ min: 1, max: 500 }), fc.constantFrom('arguments', 'parameters', 'args', 'input'), fc.constantFrom('', ', "call_id": null', ', "id": "c1"'), (link, lines, key, id) => {
        const result = parse(`${header('fetch_page')}{"name": "fetch_page", "${key}": ${JSON.stringify({ url: link, lines })}${id}}<|call|>`);
        if (result.success) expect(result.decisions).toEqual([expect.objectContaining({ tool: 'fetch_page', args: { url: link, lines } })]);
      }),
    );
  });
});
