/**
 * A flat JSON call inside an application's own call element (`<app_tool_call>{"app_tool_name": ..,
 * "key": ..}</app_tool_call>`): read amid prose, every element in order; the application's framing keys
 * (under its name key's prefix) are never arguments; an undeclared key, a body that does not read or an
 * element naming no tool is a correction, never skipped. Invokes under an application's XML namespace
 * (`<app:invoke name="..">`) read as invokes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_page', inputSchema: { type: 'object', properties: { url: { type: 'string' }, tabs: { type: 'array' } }, required: ['url'] } },
  { name: 'finish', inputSchema: { type: 'object', properties: {} } },
];
const callsOf = (text: string, maxActions = 2) => {
  const result = parseDecision('native', text, { tools, maxActions });
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : `refused: ${result.error.message}`;
};

describe('flat calls in an application element', () => {
  it('reads each element amid prose, in order', () => {
    const text = 'Opening both.\n<zed_tool_call>\n{"zed_tool_name": "open_page", "url": "https://a.example"}\n</zed_tool_call>\nthen\n<zed_tool_call>{"tool_name": "finish"}</zed_tool_call>\nDone.';
    expect(callsOf(text)).toEqual([
      ['open_page', { url: 'https://a.example' }],
      ['finish', {}],
    ]);
  });

  it('drops the framing keys under the name key prefix, keeps a key the tool declares', () => {
    expect(callsOf('<zed_tool_call>{"zed_tool_name": "open_page", "url": "u", "zed_stop": true}</zed_tool_call>')).toEqual([['open_page', { url: 'u' }]]);
  });

  it('corrects an undeclared key, an unreadable body, a nameless body and a name without arguments', () => {
    expect(callsOf('<zed_tool_call>{"zed_tool_name": "open_page", "url": "u", "stop": true}</zed_tool_call>')).toMatch(/^refused: .*`stop`.*does not declare/);
    expect(callsOf('Next:\n<zed_tool_call>{"zed_tool_name": "open_page", "url": }</zed_tool_call>')).toMatch(/^refused: /);
    expect(callsOf('<zed_tool_call>{"url": "u"}</zed_tool_call>')).toMatch(/^refused: .*names no tool/);
    expect(callsOf('<zed_tool_call>{"zed_tool_name": "open_page"}</zed_tool_call>')).toMatch(/^refused: .*gives no arguments/);
  });

  it('leaves an element shown as code to the answer', () => {
    expect(callsOf('Write calls like this:\n```\n<zed_tool_call>{"zed_tool_name": "finish"}</zed_tool_call>\n```')).toEqual(['answer_user']);
  });

  it('never takes a framing key for an argument, nor runs a call with an undeclared key (property)', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(word, word, word, fc.boolean(), (prefix, url, extra, framed) => {
        fc.pre(!['url', 'tabs'].includes(extra));
        const key = framed ? `${prefix}_${extra}` : extra;
        const body = JSON.stringify({ [`${prefix}_tool_name`]: 'open_page', url, [key]: 1 });
        const calls = callsOf(`Go.\n<${prefix}_tool_call>${body}</${prefix}_tool_call>`);
        if (framed) expect(calls).toEqual([['open_page', { url }]]);
        else expect(calls).toMatch(new RegExp(`^refused: .*\`${extra}\``));
      }),
      { numRuns: 80 },
    );
  });
});

describe('invokes under an application namespace', () => {
  it('reads `<ns:invoke>` with `<ns:parameter>` elements, also inside a fence around the whole reply', () => {
    const invoke = '<kit:invoke name="open_page">\n<kit:parameter name="url">https://b.example</kit:parameter>\n</kit:invoke>';
    expect(callsOf(invoke)).toEqual([['open_page', { url: 'https://b.example' }]]);
    expect(callsOf(`\`\`\`xml\n${invoke}\n\`\`\``)).toEqual([['open_page', { url: 'https://b.example' }]]);
    expect(callsOf('<kit:invoke name="finish">\n</kit:invoke>')).toEqual([['finish', {}]]);
  });

  it('corrects an invoke never closed', () => {
    expect(callsOf('<kit:invoke name="open_page">\n<kit:parameter name="url">https://b.ex')).toMatch(/^refused: /);
  });
});
