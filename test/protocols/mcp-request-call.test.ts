/**
 * An MCP `tools/call` request written as the reply (`mcp-request-call.ts`): its `params` are the call,
 * read as any JSON call object is; any other method, or a key beside the request's own, is no call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'fetch_page', inputSchema: { type: 'object', properties: { url: { type: 'string' }, depth: { type: 'number' } }, required: ['url'] } },
  { name: 'list_roots', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const ranCall = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
};

describe('MCP tools/call requests', () => {
  it('reads the call a request names, bare, fenced under a server label, or with JSON-RPC framing', () => {
    const request = { method: 'tools/call', params: { name: 'fetch_page', arguments: { url: 'https://example.org/a', depth: 2 } } };
    const expected = { success: true, decision: { tool: 'fetch_page', args: { url: 'https://example.org/a', depth: 2 } } };
    expect(parse(JSON.stringify(request))).toMatchObject(expected);
    expect(parse(`Fetching it.\n\n\`\`\`json:mcp:web-tools\n${JSON.stringify(request, null, 2)}\n\`\`\``)).toMatchObject(expected);
    expect(parse(JSON.stringify({ jsonrpc: '2.0', id: 7, ...request }))).toMatchObject(expected);
    expect(parse('```json:mcp:roots\n{"method":"tools/call","params":{"name":"list_roots","arguments":{}}}\n```')).toMatchObject({ success: true, decision: { tool: 'list_roots', args: {} } });
  });

  it('corrects a request without arguments rather than guessing them', () => {
    const result = parse('{"method": "tools/call", "params": {"name": "list_roots"}}');
    expect(result.success).toBe(false);
  });

  it('runs nothing for another method, a key beside the request, or a request cut off (fast-check)', () => {
    const method = fc.stringMatching(/^[a-z][a-z_/]{2,14}$/).filter((name) => name !== 'tools/call');
    const extra = fc.stringMatching(/^[a-z][a-z_]{1,9}$/).filter((key) => !['jsonrpc', 'id', 'method', 'params'].includes(key));
    const url = fc.stringMatching(/^[a-z]{3,8}$/).map((path) => `https://example.org/${path}`);
    fc.assert(
      fc.property(method, extra, url, fc.nat(), (other, key, address, cut) => {
        const call = { name: 'fetch_page', arguments: { url: address } };
        expect(ranCall(JSON.stringify({ method: other, params: call }))).toBe(false);
        expect(ranCall(JSON.stringify({ method: other, params: { url: address } }))).toBe(false);
        expect(ranCall(JSON.stringify({ method: 'tools/call', params: call, [key]: 'x' }))).toBe(false);
        const whole = JSON.stringify({ method: 'tools/call', params: call });
        const end = whole.indexOf(address) + (cut % (address.length + 3));
        expect(ranCall(whole.slice(0, end))).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
