/**
 * Seed 004 (the talk2mcp one-line protocol) on Gemini: the seed's example dinner session, turn for
 * turn, from `google:gemini-2.5-flash` (the real AI SDK Google provider, over HTTP against the fixture
 * server speaking Gemini's streaming wire format) driving the real meal-planner MCP server:
 * one FUNCTION_CALL per iteration, positional params coerced by each tool's schema, stop on FINAL_ANSWER.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { demoServerCommand } from '../demo/demo-server-client.ts';
import { startFixtureServer, type FixtureResponse, type FixtureServer } from '../helpers/fixture-server.ts';
import { collect, ofType } from '../loop/helpers.ts';

const session = JSON.parse(readFileSync(new URL('../../examples/demo-recordings/meal-planner-line.json', import.meta.url), 'utf8')) as {
  question: string;
  turns: string[];
};

/** One model turn as Gemini streams it (`streamGenerateContent?alt=sse`): the text in a few events, then STOP with usage. */
function geminiStream(text: string): FixtureResponse {
  const size = Math.ceil(text.length / 3);
  const pieces = [text.slice(0, size), text.slice(size, 2 * size), text.slice(2 * size)].filter((piece) => piece !== '');
  const chunks = pieces.map((piece, index) => {
    const last = index === pieces.length - 1;
    const event = {
      candidates: [{ content: { parts: [{ text: piece }], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
      usageMetadata: { promptTokenCount: 300, candidatesTokenCount: 10 * (index + 1), totalTokenCount: 300 + 10 * (index + 1) },
      modelVersion: 'gemini-2.5-flash',
    };
    return `data: ${JSON.stringify(event)}\n\n`;
  });
  return { chunks };
}

let fixtures: FixtureServer;
let servers: McpServers;
beforeAll(async () => {
  fixtures = await startFixtureServer();
  servers = await connectServers({ mcpServers: { 'meal-planner': demoServerCommand('meal-planner') } });
  expect(servers.failures).toEqual([]);
});
afterAll(async () => {
  await servers.close();
  await fixtures.close();
});

describe('seed 004 on Gemini: the dinner session over the real meal-planner server', () => {
  it('runs the seed example session to its FINAL_ANSWER, one tool call per iteration', async () => {
    fixtures.enqueue(...session.turns.map(geminiStream));
    const model = resolveModel('google:gemini-2.5-flash', {
      baseURL: `${fixtures.url}/v1beta`,
      env: { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-seed-004' },
      retry: false,
    });
    const { events, result } = await collect(createAgent({ model, protocol: 'line', tools: servers.toolbox }).run(session.question));

    expect(result.status).toBe('answered');
    expect(result.answer).toMatch(/^🍽️ DINNER MENU[\s\S]*Main: Aloo Matar \(30 min, Easy\)/);
    expect(ofType(events, 'output-invalid')).toEqual([]);
    // One call per iteration, with the positional params coerced by each tool's schema.
    expect(ofType(events, 'tool-call').map(({ tool, args }) => [tool, tool === 'filter_dishes' ? { ...args, dishes: (args.dishes as unknown[]).length } : args])).toEqual([
      ['check_calendar', {}],
      ['get_meal_history', { days: 7 }],
      ['get_dishes_by_meal_type', { meal_type: 'dinner' }],
      ['filter_dishes', { dishes: 6, max_time: 40, difficulty: 'Easy', cuisine: 'any' }],
    ]);
    expect(ofType(events, 'tool-result')[0]?.observation).toContain('Friday');
    expect(ofType(events, 'tool-result').every((event) => !event.result.isError)).toBe(true);

    // Gemini's wire format: five streamed calls, the key in its header, the protocol in the system instruction.
    const requests = fixtures.requests;
    expect(requests).toHaveLength(5);
    expect(requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(requests[0]?.headers['x-goog-api-key']).toBe('AIza-seed-004');
    expect(JSON.stringify(requests[0]?.body.systemInstruction)).toContain('FUNCTION_CALL:');
    expect(requests[0]?.body.tools).toBeUndefined();
    // The tool result of each iteration is in the next request's contents.
    expect(JSON.stringify(requests[1]?.body.contents)).toContain('Friday');
    expect(requests[4]?.body.contents.at(-1).role).toBe('user');
  });
});
