/**
 * Seed 000 (strict MCP client control loop) through a real loop with a real MCP server: the model
 * emits exactly one JSON object per turn matching call_tool / ask_user / answer_user; invalid JSON
 * and schema mismatches are rejected and retried; a tool result and the user's fact go back into the
 * context; answer_user ends the run (START -> THINKING -> TOOL_RUN -> THINKING -> WAIT_USER -> THINKING -> END).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { collect, ofType } from '../loop/helpers.ts';

const memoryServer = new URL('../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url).pathname;

/** The seed's three response schemas, one object per turn, field for field. */
const callTool = { action: 'call_tool', tool: 'read_graph', args: {}, reason: 'Look for what the user told me before.' };
const askUser = { action: 'ask_user', question: 'What do you like to drink?', why: 'Memory holds nothing about it.' };
const answerUser = { action: 'answer_user', answer: 'You like green tea.', confidence: 0.8 };

let dir: string;
let servers: McpServers;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reins-seed-000-'));
  servers = await connectServers({
    mcpServers: { memory: { command: process.execPath, args: [memoryServer], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } } },
  });
  expect(servers.failures).toEqual([]);
});
afterAll(async () => {
  await servers.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seed 000: the strict JSON control loop over a real MCP server', () => {
  it('tool, user fact, answer: one schema-valid object per turn, the rest rejected and retried', async () => {
    const model = new ScriptedModel([
      'I will look it up first.', // not JSON: retry hard
      JSON.stringify(callTool),
      JSON.stringify({ ...askUser, mood: 'curious' }), // additionalProperties: false: retry
      JSON.stringify(askUser),
      JSON.stringify(answerUser),
    ]);
    const user = { ask: async () => 'green tea' };
    const { events, result } = await collect(
      createAgent({ model, protocol: 'json', tools: servers.toolbox, user, approval: () => 'allow' }).run('What do I like to drink?'),
    );

    expect(result).toMatchObject({ status: 'answered', answer: 'You like green tea.' });
    expect(ofType(events, 'decision').map((event) => event.decision)).toEqual([callTool, askUser, answerUser]);
    expect(ofType(events, 'output-invalid')).toHaveLength(2);
    // The states of the seed's state machine, in order.
    const states = events.flatMap((event) => {
      const state = { 'run-start': 'START', 'model-request': 'THINKING', 'tool-call': 'TOOL_RUN', 'user-question': 'WAIT_USER', 'run-end': 'END' }[event.type as string];
      return state ? [state] : [];
    });
    expect(states.filter((state, index) => state !== states[index - 1])).toEqual(['START', 'THINKING', 'TOOL_RUN', 'THINKING', 'WAIT_USER', 'THINKING', 'END']);
    // The tool result and the user's fact are in the context of the next turns.
    expect(ofType(events, 'tool-result')[0]?.tool).toBe('read_graph');
    expect(JSON.stringify(model.calls.at(-1)?.messages)).toContain('green tea');
    expect(model.calls.at(-1)?.messages.some((message) => message.content.includes('"entities"'))).toBe(true);
    // The protocol the model is given holds the seed's three schemas.
    expect(model.calls[0]?.system).toContain('"call_tool"');
    expect(model.calls[0]?.system).toContain('"ask_user"');
    expect(model.calls[0]?.system).toContain('"answer_user"');
  });
});
