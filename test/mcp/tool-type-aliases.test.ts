/**
 * A real MCP server (spawned over stdio) whose tool schemas name Python types, as hand-written
 * specs do (`"type": "dict"` at the top, `str`, `int`, `float` inside; in the input and output
 * schemas): the tools are offered with the JSON Schema types those names mean, each change is
 * reported (`tool-normalize`, in connectServers' notices and as a server event), and a clean call
 * runs without a correction. A type that is no alias withholds only that tool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { connectServers, type McpServerEvent, type McpServers } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { describeToolNotice } from '../../src/tools/tool-notice.ts';
import { hostileServer, tempDirectory } from './peers.ts';

let servers: McpServers;
let workspace: Awaited<ReturnType<typeof tempDirectory>>;
const events: McpServerEvent[] = [];

beforeAll(async () => {
  workspace = await tempDirectory();
  servers = await connectServers(
    {
      mcpServers: {
        hand: hostileServer('hand', [
          {
            name: 'get_weather',
            inputSchema: { type: 'dict', properties: { city: { type: 'str' }, days: { type: 'int' } }, required: ['city'] },
            annotations: { readOnlyHint: true },
          },
          {
            name: 'convert',
            inputSchema: { type: 'object', properties: { amount: { type: 'float' } } },
            outputSchema: { type: 'object', properties: { value: { type: 'float' } }, required: ['value'] },
            annotations: { readOnlyHint: true },
            _meta: { 'hostile/structuredContent': { value: 2.5 } },
          },
          { name: 'broken', inputSchema: { type: 'object', properties: { n: { type: 'integr' } } } },
        ], workspace.path),
      },
    },
    { onServerEvent: (event) => events.push(event), env: {} },
  );
});
afterAll(async () => {
  await servers?.close();
  await workspace?.remove();
});

describe('an MCP server whose schemas name type aliases', () => {
  it('offers the tools with JSON Schema types and reports each change', () => {
    expect(servers.failures).toEqual([]);
    const weather = servers.toolbox.list().find((tool) => tool.name === 'get_weather');
    expect(weather?.inputSchema).toEqual({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] });
    const normalized = servers.notices.flatMap((notice) => (notice.type === 'tool-normalize' ? [notice] : []));
    expect(normalized.map((notice) => [notice.server, notice.tool, notice.changes.map((change) => `${change.path} ${change.from}>${change.to}`)])).toEqual([
      ['hand', 'get_weather', ['/type dict>object', '/properties/city/type str>string', '/properties/days/type int>integer']],
      ['hand', 'convert', ['/properties/amount/type float>number', 'outputSchema/properties/value/type float>number']],
    ]);
    expect(events.filter((event) => event.type === 'tool-normalize')).toEqual(normalized);
    expect(describeToolNotice(normalized[0]!)).toContain('tool get_weather of server hand');
  });

  it('withholds only the tool whose type is no alias', () => {
    const withheld = servers.notices.flatMap((notice) => (notice.type === 'tool-withhold' ? [[notice.tool, notice.error.reason]] : []));
    expect(withheld).toEqual([['broken', 'invalid-schema']]);
  });

  it('a clean call runs without a correction, and the output is checked against the normalized output schema', async () => {
    const model = new ScriptedModel([
      JSON.stringify({ action: 'call_tool', tool: 'get_weather', args: { city: 'Oslo', days: 2 }, reason: 'asked' }),
      JSON.stringify({ action: 'call_tool', tool: 'convert', args: { amount: 1.5 }, reason: 'asked' }),
      JSON.stringify({ action: 'answer_user', answer: 'done' }),
    ]);
    const run = createAgent({ model, tools: servers.toolbox, protocol: 'json' }).run('weather in Oslo');
    const seen: string[] = [];
    for await (const event of run) if (event.type === 'output-invalid' || event.type === 'tool-result' || event.type === 'tool-error') seen.push(`${event.type}:${'tool' in event ? event.tool : ''}`);
    expect((await run.result).status).toBe('answered');
    expect(seen).toEqual(['tool-result:get_weather', 'tool-result:convert']);
  });
});
