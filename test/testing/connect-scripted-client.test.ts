/**
 * `connectScriptedClient` as a tool author uses it: a real McpServer with a tool that samples and
 * elicits, called through the scripted SDK client.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplingContext } from '../../src/server/index.ts';
import { connectScriptedClient, refuseRequest, sampledText, sampledToolUse, type ScriptedClient } from '../../src/testing/index.ts';

function pickCellServer(): McpServer {
  const server = new McpServer({ name: 'ttt', version: '1.0.0' });
  server.registerTool('pick_cell', { description: 'The model picks a cell, the user confirms' }, async (ctx) => {
    const sampling = samplingContext(server, ctx);
    const move = await sampling.sampleSchema({ prompt: 'Pick a cell 0..8', schema: z.object({ cell: z.number().int().min(0).max(8) }) });
    const answer = await sampling.elicit(`Play ${move.parsed.cell}?`, z.object({ ok: z.boolean() }));
    const confirmed = answer.action === 'accept' && answer.content.ok;
    return { content: [{ type: 'text', text: `${move.parsed.cell} ${confirmed ? 'played' : 'skipped'} via ${sampling.backend}` }] };
  });
  return server;
}

let scripted: ScriptedClient | undefined;
let server: McpServer | undefined;
afterEach(async () => {
  await scripted?.close();
  await server?.close();
  scripted = undefined;
  server = undefined;
});

describe('connectScriptedClient', () => {
  it('answers sampling and elicitation from the script and records every request', async () => {
    server = pickCellServer();
    scripted = await connectScriptedClient(server, {
      sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 9 } }]), sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }])],
      elicitation: [(params) => ({ action: 'accept', content: { ok: params.message === 'Play 4?' } })],
    });
    const result = await scripted.client.callTool({ name: 'pick_cell', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: '4 played via mcp-tools' }]);
    expect(scripted.samplingRequests).toHaveLength(2);
    expect(scripted.samplingRequests[0]?.tools?.map((tool) => tool.name)).toEqual(['structured_output']);
    expect(scripted.elicitationRequests[0]).toMatchObject({ message: 'Play 4?', requestedSchema: { properties: { ok: { type: 'boolean' } } } });
    expect(scripted.remaining()).toEqual({ sampling: 0, elicitation: 0 });
  });

  it('declares what `capabilities` says: sampling without tools selects the text backend', async () => {
    server = pickCellServer();
    scripted = await connectScriptedClient(server, {
      capabilities: { sampling: {}, elicitation: { form: {} } },
      sampling: [sampledText('{"cell": 2}'), sampledText('unused')],
      elicitation: [{ action: 'decline' }],
    });
    const result = await scripted.client.callTool({ name: 'pick_cell', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: '2 skipped via mcp-text' }]);
    expect(scripted.samplingRequests[0]?.tools).toBeUndefined();
    expect(scripted.remaining()).toEqual({ sampling: 1, elicitation: 0 });
  });

  it('a refusing step and an exhausted script reach the tool as errors', async () => {
    server = pickCellServer();
    scripted = await connectScriptedClient(server, { sampling: [refuseRequest()] });
    const refused = await scripted.client.callTool({ name: 'pick_cell', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('the client rejected it');
    const exhausted = await scripted.client.callTool({ name: 'pick_cell', arguments: {} });
    expect(JSON.stringify(exhausted.content)).toContain('Scripted client: no sampling step left for request 2.');
  });
});
