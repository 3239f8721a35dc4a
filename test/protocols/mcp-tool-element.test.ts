/**
 * A wrapper holding a tool-name element and an arguments element of one JSON object (`<use_mcp_tool>`
 * with `<server_name>`, `<tool_name>` and `<arguments>`; other frameworks' words for each): read whole
 * or corrected, never in part, and a tool's definition echoed in such elements is no call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'fetch_page', inputSchema: { type: 'object', properties: { url: { type: 'string' }, max_chars: { type: 'integer' } }, required: ['url'] } },
  { name: 'list_tabs', inputSchema: { type: 'object', properties: {} } },
];
const read = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const element = (tool: string, args: string, server = 'browser') =>
  `<use_mcp_tool>\n<server_name>${server}</server_name>\n<tool_name>${tool}</tool_name>\n<arguments>\n${args}\n</arguments>\n</use_mcp_tool>`;

describe('the MCP call element', () => {
  it('reads the tool and its JSON arguments, the server being routing only, and the serverless spelling', () => {
    expect(read(`Opening it.\n\n${element('fetch_page', '{"url": "https://example.org", "max_chars": 500}')}`)).toMatchObject({
      success: true,
      decisions: [{ action: 'call_tool', tool: 'fetch_page', args: { url: 'https://example.org', max_chars: 500 } }],
    });
    expect(read('<use_tool><tool_name>list_tabs</tool_name><arguments>{}</arguments></use_tool>')).toMatchObject({ success: true, decisions: [{ tool: 'list_tabs', args: {} }] });
    expect(read(`${element('list_tabs', '{}')}\n${element('fetch_page', '{"url": "https://a.example"}')}`, 2)).toMatchObject({
      success: true,
      decisions: [{ tool: 'list_tabs' }, { tool: 'fetch_page', args: { url: 'https://a.example' } }],
    });
  });

  it('corrects arguments that are no JSON object, anything else in the wrapper, and a call never closed', () => {
    expect(read(element('fetch_page', 'url: https://example.org'))).toMatchObject({ success: false });
    expect(read(element('fetch_page', '{"url": "https://example.org"}').replace('</use_mcp_tool>', '<note>x</note></use_mcp_tool>'))).toMatchObject({ success: false });
    expect(read(element('fetch_page', '{"url": "https://example.org"}').replace('\n</use_mcp_tool>', ''))).toMatchObject({ success: false });
  });

  it('reads the same call under other frameworks\' words for the wrapper, the name and the arguments (fast-check)', () => {
    const wrappers = fc.constantFrom('use_mcp_tool', 'use_tool', 'tool_call', 'tool_use', 'function_call', 'action', 'call_tool', 'step');
    const names = fc.constantFrom('tool_name', 'function_name');
    const argsElements = fc.constantFrom('arguments', 'args', 'parameters', 'params', 'input', 'tool_input');
    fc.assert(
      fc.property(wrappers, names, argsElements, fc.webUrl(), (wrapper, name, args, url) => {
        const text = `<${wrapper}>\n<${name}>fetch_page</${name}>\n<${args}>${JSON.stringify({ url })}</${args}>\n</${wrapper}>`;
        expect(read(text), text).toMatchObject({ success: true, decisions: [{ tool: 'fetch_page', args: { url } }] });
      }),
      { numRuns: 60 },
    );
  });

  it('leaves a tool definition echoed in such elements alone (no call)', () => {
    const schema = '{"type": "object", "properties": {"url": {"type": "string"}}}';
    for (const text of [`<tool><name>fetch_page</name><parameters>${schema}</parameters></tool>`, `<function_call><function_name>fetch_page</function_name><parameters>${schema}</parameters></function_call>`]) {
      const result = read(text);
      expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), text).toBe(false);
    }
  });

  it('is talk about a call when shown as code', () => {
    const shown = `Models write \`<use_tool><tool_name>list_tabs</tool_name><arguments>{}</arguments></use_tool>\` for this.`;
    expect(read(shown)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('reads any arguments object as written, and never runs a call cut off anywhere (fast-check)', () => {
    const url = fc.webUrl();
    fc.assert(
      fc.property(url, fc.integer({ min: 1, max: 9999 }), fc.nat(), (page, chars, cut) => {
        const whole = element('fetch_page', JSON.stringify({ url: page, max_chars: chars }));
        expect(read(whole), whole).toMatchObject({ success: true, decisions: [{ tool: 'fetch_page', args: { url: page, max_chars: chars } }] });
        const at = whole.indexOf('<arguments>') + (cut % (whole.length - whole.indexOf('<arguments>')));
        const cutOff = read(whole.slice(0, at));
        expect(cutOff.success && cutOff.decisions.some((decision) => decision.action === 'call_tool'), whole.slice(0, at)).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
