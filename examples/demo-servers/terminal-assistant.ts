/**
 * Demo MCP server for seed 002's terminal assistant, over stdio: a read-only `execute_command`
 * (allow-listed programs, no shell, run in a sandbox folder) and `search_memory` over bundled notes.
 * The sandbox is `REINS_DEMO_SANDBOX` when set, else `terminal-sandbox/` beside this file.
 *
 *   node examples/demo-servers/terminal-assistant.ts
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { searchNotes } from './memory-notes.ts';
import { ALLOWED_COMMANDS, checkReadOnlyCommand } from './read-only-command.ts';

const sandbox = process.env.REINS_DEMO_SANDBOX || join(import.meta.dirname, 'terminal-sandbox');
const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], isError });

const server = new McpServer(
  { name: 'reins-demo-terminal-assistant', version: '0.1.0' },
  { instructions: `Commands run read-only in a sandbox folder. Allowed: ${ALLOWED_COMMANDS.join(', ')}.` },
);

server.registerTool(
  'execute_command',
  {
    description: `Execute a shell command safely. Use this to run system commands. Read-only: only ${ALLOWED_COMMANDS.join(', ')}, with plain arguments; no pipes or redirection.`,
    inputSchema: z.object({ command: z.string().describe('The command to run') }),
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  },
  async ({ command }, context) => {
    const check = checkReadOnlyCommand(command);
    if (!check.ok) return text(check.reason, true);
    try {
      const { stdout, stderr } = await promisify(execFile)(check.program, check.args, {
        cwd: sandbox,
        timeout: 5000,
        maxBuffer: 256 * 1024,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C', TZ: 'UTC' },
        signal: context.mcpReq.signal,
      });
      return text(stdout + (stderr ? `\n[stderr]\n${stderr}` : '') || '(no output)');
    } catch (error) {
      const failure = error as { code?: unknown; stderr?: string; message: string };
      return text(`Command failed (exit ${String(failure.code ?? 'unknown')}): ${failure.stderr || failure.message}`, true);
    }
  },
);

server.registerTool(
  'search_memory',
  {
    description: 'Search saved notes by keywords; best matches first.',
    inputSchema: z.object({
      query: z.string().describe('Keywords to look for'),
      limit: z.number().int().min(1).max(20).optional().describe('How many notes to return (default 3)'),
    }),
    annotations: { readOnlyHint: true },
  },
  async ({ query, limit }) => {
    const results = searchNotes(query, limit ?? 3);
    return text(JSON.stringify({ results, count: results.length }));
  },
);

await server.connect(new StdioServerTransport());
