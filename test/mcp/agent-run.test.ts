/**
 * Whole runs: createAgent with a ScriptedModel planning calls to real MCP servers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type AgentEvent, type ApprovalRequest } from '../../src/index.ts';
import { approvalFromConfig, connectServers, type McpConfig, type McpServerEvent, type McpServers } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { everything, filesystem, tempDirectory } from './peers.ts';

const call = (tool: string, args: Record<string, unknown>) => JSON.stringify({ action: 'call_tool', tool, args, reason: `use ${tool}` });
const answer = (text: string) => JSON.stringify({ action: 'answer_user', answer: text });

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

let workspace: Awaited<ReturnType<typeof tempDirectory>>;
let servers: McpServers;
let config: McpConfig;
const serverEvents: McpServerEvent[] = [];

beforeAll(async () => {
  workspace = await tempDirectory();
  await writeFile(join(workspace.path, 'todo.txt'), 'buy rope\n');
  config = {
    mcpServers: { files: filesystem(workspace.path), everything: everything() },
    reins: { approve: { deny: ['files.move_file'] } },
  };
  servers = await connectServers(config, { onServerEvent: (event) => serverEvents.push(event), restart: { initialDelayMs: 20 } });
});
afterAll(async () => {
  await servers?.close();
  await workspace?.remove();
});

describe('an agent run over MCP servers', () => {
  it('lists, reads and writes files through server-filesystem; write_file asks for approval', async () => {
    const approvals: ApprovalRequest[] = [];
    const model = new ScriptedModel([
      call('list_directory', { path: workspace.path }),
      call('read_text_file', { path: join(workspace.path, 'todo.txt') }),
      call('write_file', { path: join(workspace.path, 'done.txt'), content: 'bought rope\n' }),
      call('move_file', { source: join(workspace.path, 'todo.txt'), destination: join(workspace.path, 'gone.txt') }),
      answer('todo.txt said buy rope; I wrote done.txt'),
    ]);
    const agent = createAgent({
      model,
      tools: servers.toolbox,
      protocol: 'json',
      approval: approvalFromConfig(config),
      user: { ask: async () => 'n/a', approve: async (request) => (approvals.push(request), true) },
    });
    const run = agent.run('What is on my todo list? Then record it as done.');
    const events = await collect(run);
    const result = await run.result;
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('todo.txt said buy rope; I wrote done.txt');
    model.assertComplete();

    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.tool)).toEqual(['list_directory', 'read_text_file', 'write_file']);
    expect(results[0]!.observation).toContain('todo.txt');
    expect(results[1]!.observation).toContain('buy rope');
    // Only the destructive write asked; read-only tools ran without asking.
    expect(approvals.map((request) => request.tool.name)).toEqual(['write_file']);
    expect(events.filter((event) => event.type === 'approval-request').map((event) => event.tool)).toEqual(['write_file']);
    expect(await readFile(join(workspace.path, 'done.txt'), 'utf8')).toBe('bought rope\n');
    // move_file is denied by the config: not run, the model is told.
    const refused = events.find((event) => event.type === 'tool-error' && event.tool === 'move_file');
    expect(refused).toMatchObject({ error: { name: 'Reins_ApprovalDeniedError' } });
    expect(await readFile(join(workspace.path, 'todo.txt'), 'utf8')).toBe('buy rope\n');
    // The servers' instructions reached the system prompt.
    const firstRequest = events.find((event) => event.type === 'model-request');
    expect(firstRequest?.type === 'model-request' && firstRequest.system).toContain('Instructions from MCP server "everything"');
  });

  it('reports progress, and keeps going when a server is killed mid-call', async () => {
    const killed = servers.toolbox.connections.find((connection) => connection.name === 'everything')!.pid!;
    const model = new ScriptedModel([
      call('trigger-long-running-operation', { duration: 4, steps: 20 }),
      (request) => {
        const last = request.messages.at(-1)!;
        expect(last.content).toMatch(/crashed/);
        return call('get-sum', { a: 1, b: 2 });
      },
      answer('1 + 2 = 3'),
    ]);
    const agent = createAgent({ model, tools: servers.toolbox, protocol: 'json' });
    const run = agent.run('Run the long operation, then add 1 and 2.');
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'tool-progress' && event.progress.progress === 1) process.kill(killed, 'SIGKILL');
    }
    const result = await run.result;
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('1 + 2 = 3');
    expect(events.find((event) => event.type === 'tool-progress')).toMatchObject({ tool: 'trigger-long-running-operation', progress: { progress: 1, total: 20 } });
    expect(events.find((event) => event.type === 'tool-error')).toMatchObject({
      tool: 'trigger-long-running-operation',
      error: { name: 'Reins_McpToolCallError', failure: 'server-crashed' },
    });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ tool: 'get-sum', observation: expect.stringContaining('3') });
    expect(serverEvents).toContainEqual(expect.objectContaining({ type: 'server-crash', server: 'everything' }));
    expect(serverEvents).toContainEqual(expect.objectContaining({ type: 'server-restart', server: 'everything' }));
  });
});
