import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnlyCommand } from '../../examples/demo-servers/read-only-command.ts';
import { connectDemoServer, resultText } from './demo-server-client.ts';

describe('terminal-assistant demo server (stdio, official SDK client)', () => {
  let client: Client;
  const run = (command: string) => client.callTool({ name: 'execute_command', arguments: { command } });
  beforeAll(async () => {
    client = await connectDemoServer('terminal-assistant');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('declares execute_command read-only and search_memory with query and limit', async () => {
    const { tools } = await client.listTools();
    const execute = tools.find((tool) => tool.name === 'execute_command')!;
    expect(execute.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(execute.inputSchema).toMatchObject({ required: ['command'] });
    const search = tools.find((tool) => tool.name === 'search_memory')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'limit']);
  });

  it('runs an allowed command in the sandbox folder', async () => {
    const listing = await run('ls -la');
    expect(listing.isError).toBeFalsy();
    expect(resultText(listing)).toMatch(/README\.md/);
    expect(resultText(listing)).toMatch(/todo\.txt/);
    const lines = await run('wc -l todo.txt');
    expect(resultText(lines).trim()).toBe('3 todo.txt');
    expect(resultText(await run('pwd')).trim()).toMatch(/terminal-sandbox$/);
  });

  it('refuses other programs, shell syntax and paths outside the sandbox, as tool errors', async () => {
    for (const [command, reason] of [
      ['rm -rf notes', /"rm" is not allowed/],
      ['cat todo.txt > copy.txt', /">" is not allowed/],
      ['ls | head', /"\|" is not allowed/],
      ['cat /etc/passwd', /leaves the sandbox/],
      ['cat ../meal-planner.ts', /leaves the sandbox/],
      ['echo $HOME', /"\$" is not allowed/],
    ] as const) {
      const result = await run(command);
      expect(result.isError, command).toBe(true);
      expect(resultText(result), command).toMatch(reason);
    }
  });

  it('reports a failing command as a tool error with its exit code', async () => {
    const result = await run('cat missing.txt');
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/exit 1.*missing\.txt/s);
  });

  it('searches the bundled notes by keyword, best first, up to the limit', async () => {
    const found = JSON.parse(resultText(await client.callTool({ name: 'search_memory', arguments: { query: 'database migration', limit: 2 } })));
    expect(found.results[0]).toMatchObject({ id: 'note-2', title: 'Database migration' });
    expect(found.count).toBeLessThanOrEqual(2);
    const none = JSON.parse(resultText(await client.callTool({ name: 'search_memory', arguments: { query: 'zebra' } })));
    expect(none).toEqual({ results: [], count: 0 });
  });

  it('accepts plain command lines in the checker and splits them without a shell', () => {
    expect(checkReadOnlyCommand('  head -n 2   todo.txt ')).toEqual({ ok: true, program: 'head', args: ['-n', '2', 'todo.txt'] });
    expect(checkReadOnlyCommand('')).toMatchObject({ ok: false });
  });
});
