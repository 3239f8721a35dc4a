/**
 * The MCP call element (`<use_mcp_tool>` with `<server_name>`, `<tool_name>` and `<arguments>` holding
 * one JSON object; `<use_tool>` without the server): read whole or corrected, never in part.
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
