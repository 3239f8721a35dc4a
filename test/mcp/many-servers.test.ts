/**
 * Many real servers from one config: server-filesystem, server-memory, the paged fixture server
 * and server-everything, beside entries that cannot start.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../src/testing/index.ts';
import {
  connectServers,
  McpConfigError,
  McpServerStartError,
  type McpServerEvent,
  type McpServers,
} from '../../src/mcp/index.ts';
import { everything, filesystem, memory, pagedServer, tempDirectory } from './peers.ts';

const model = new ScriptedModel(
  [{ toolCalls: [{ id: 'call-1', name: 'lookup', arguments: { word: 'hello' } }] }, 'hello means a greeting'],
  { modelId: 'planner-1' },
);
const samplingRequests = model.calls;

let servers: McpServers;
let workspace: Awaited<ReturnType<typeof tempDirectory>>;
const events: McpServerEvent[] = [];

beforeAll(async () => {
  workspace = await tempDirectory();
  await writeFile(join(workspace.path, 'notes.txt'), 'first line\n');
  servers = await connectServers(
    {
      mcpServers: {
        files: filesystem(workspace.path),
        memory: memory(join(workspace.path, 'memory.jsonl')),
        paged: pagedServer(),
        everything: everything(),
        missing: { command: 'reins-no-such-command' },
        dies: { command: process.execPath, args: ['-e', 'console.error("boom: cannot start"); process.exit(3)'] },
        broken: { args: ['x'] } as never,
        unset: { command: 'node', args: ['${REINS_TEST_UNSET_VARIABLE}'] },
      },
      reins: { roots: [workspace.path] },
    },
    { model, onServerEvent: (event) => events.push(event), env: {} },
  );
});
afterAll(async () => {
  await servers?.close();
  await workspace?.remove();
});

describe('connectServers with many servers', () => {
  it('connects the good servers and reports each bad one with a typed error naming it', () => {
    expect([...servers.connected].sort()).toEqual(['everything', 'files', 'memory', 'paged']);
    const failures = Object.fromEntries(servers.failures.map((failure) => [failure.server, failure.error]));
    expect(Object.keys(failures).sort()).toEqual(['broken', 'dies', 'missing', 'unset']);
    expect(McpServerStartError.isInstance(failures.missing)).toBe(true);
    expect(failures.missing).toMatchObject({ reason: 'command-not-found', fault: 'user', serverName: 'missing' });
    expect(failures.missing!.message).toContain('"missing"');
    expect(failures.dies).toMatchObject({ reason: 'exited', fault: 'transport', stderr: expect.stringContaining('boom: cannot start') });
    expect(McpConfigError.isInstance(failures.broken)).toBe(true);
    expect(failures.broken).toMatchObject({ serverName: 'broken', issues: ['needs "command" (stdio) or "url" (HTTP)'] });
    expect(failures.unset!.message).toContain('REINS_TEST_UNSET_VARIABLE');
    const failed = events.filter((event) => event.type === 'server-fail').map((event) => event.server);
    expect(failed.sort()).toEqual(['broken', 'dies', 'missing', 'unset']);
  });

  it('prefixes only the names that collide', () => {
    const names = servers.toolbox.list().map((tool) => tool.name);
    expect(names).toContain('everything__echo');
    expect(names).toContain('paged__echo');
    expect(names).not.toContain('echo');
    expect(names).toContain('read_text_file');
    expect(names).toContain('create_entities');
    expect(names).toContain('get-sum');
  });

  it('routes each prefixed name to its own server', async () => {
    const fromEverything = await servers.toolbox.call('everything__echo', { message: 'a' });
    const fromPaged = await servers.toolbox.call('paged__echo', { text: 'b' });
    expect(fromEverything.content).toEqual([{ type: 'text', text: 'Echo: a' }]);
    expect(fromPaged.content).toEqual([{ type: 'text', text: 'paged echo: b' }]);
  });

  it('reads every page of tools/list', () => {
    const paged = servers.toolbox.list().filter((tool) => tool.origin?.server === 'paged');
    expect(paged.map((tool) => tool.origin?.name)).toEqual(['echo', 'plan', 'grow', 'roots', 'fail']);
  });

  it('reads, writes and lists files through server-filesystem', async () => {
    const read = await servers.toolbox.call('read_text_file', { path: join(workspace.path, 'notes.txt') });
    expect(read.content[0]).toEqual({ type: 'text', text: 'first line\n' });
    await servers.toolbox.call('write_file', { path: join(workspace.path, 'new.txt'), content: 'written by reins' });
    expect(await readFile(join(workspace.path, 'new.txt'), 'utf8')).toBe('written by reins');
    const listing = await servers.toolbox.call('list_directory', { path: workspace.path });
    expect(listing.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('[FILE] new.txt') });
    const outside = await servers.toolbox.call('read_text_file', { path: '/etc/hostname' });
    expect(outside.isError).toBe(true);
  });

  it('keeps destructive annotations of server-filesystem tools', () => {
    const tools = Object.fromEntries(servers.toolbox.list().map((tool) => [tool.name, tool]));
    expect(tools.read_text_file!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.write_file!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('stores and reads entities through server-memory', async () => {
    await servers.toolbox.call('create_entities', {
      entities: [{ name: 'reins', entityType: 'library', observations: ['keeps models on a tight rein'] }],
    });
    const graph = await servers.toolbox.call('read_graph', {});
    expect(graph.structuredContent).toMatchObject({ entities: [{ name: 'reins', entityType: 'library' }] });
    expect(await readFile(join(workspace.path, 'memory.jsonl'), 'utf8')).toContain('tight rein');
  });

  it('answers roots/list from the config', async () => {
    const result = await servers.toolbox.call('roots', {});
    const roots = JSON.parse((result.content[0] as { text: string }).text);
    expect(roots).toEqual([{ uri: pathToFileURL(workspace.path).href, name: expect.any(String) }]);
  });

  it('returns isError results as results', async () => {
    expect(await servers.toolbox.call('fail', {})).toEqual({ content: [{ type: 'text', text: 'this tool always fails' }], isError: true });
  });

  it('refreshes the tool list on notifications/tools/list_changed', async () => {
    const changed = new Promise<void>((resolve) => {
      const unsubscribe = servers.toolbox.onChange(() => {
        if (servers.toolbox.list().some((tool) => tool.name.startsWith('grown_'))) {
          unsubscribe();
          resolve();
        }
      });
    });
    await servers.toolbox.call('grow', {});
    await changed;
    expect(servers.toolbox.list().map((tool) => tool.name)).toContain('grown_5');
    expect(events).toContainEqual(expect.objectContaining({ type: 'tools-change', server: 'paged', tools: expect.arrayContaining(['grown_5']) }));
  });

  it('serves sampling with tools and toolChoice, mapping tool_use and tool_result both ways', async () => {
    const result = await servers.toolbox.call('plan', { goal: 'define hello' });
    const { first, second } = JSON.parse((result.content[0] as { text: string }).text);
    expect(samplingRequests[0]).toMatchObject({
      system: 'Pick a tool.',
      toolChoice: 'required',
      tools: [{ name: 'lookup', description: 'Looks a word up', inputSchema: { type: 'object' } }],
      messages: [{ role: 'user', content: 'Goal: define hello' }],
    });
    expect(first).toMatchObject({
      model: 'planner-1',
      stopReason: 'toolUse',
      content: [{ type: 'tool_use', id: 'call-1', name: 'lookup', input: { word: 'hello' } }],
    });
    expect(samplingRequests[1]).toMatchObject({
      toolChoice: 'none',
      messages: [
        { role: 'user', content: 'Goal: define hello' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'lookup', arguments: { word: 'hello' } }] },
        { role: 'tool', toolCallId: 'call-1', toolName: 'lookup', content: 'a greeting' },
      ],
    });
    expect(second).toMatchObject({ stopReason: 'endTurn', content: [{ type: 'text', text: 'hello means a greeting' }] });
    model.assertComplete();
  });
});
