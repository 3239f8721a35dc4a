import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { approvalFromConfig, loadMcpConfig, McpConfigError, parseMcpConfig } from '../../src/mcp/index.ts';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reins-config-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('parseMcpConfig', () => {
  it('reads Claude Desktop mcpServers and VS Code servers with type, expanding variables', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: { fs: { command: 'npx', args: ['-y', 'server', '${HOME_DIR}'], env: { TOKEN: '${env:TOKEN}' }, autoApprove: [] } },
        servers: {
          remote: { type: 'http', url: 'https://${HOST:-example.com}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          legacy: { type: 'sse', url: 'http://localhost:9/sse' },
          off: { command: 'x', disabled: true },
        },
      },
      { env: { HOME_DIR: '/home/a', TOKEN: 'secret' } },
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.failures).toEqual([]);
    expect(parsed.disabled).toEqual(['off']);
    const byName = Object.fromEntries(parsed.servers.map((server) => [server.name, server]));
    expect(byName.fs).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', 'server', '/home/a'], env: { TOKEN: 'secret' } });
    expect(byName.remote).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer secret' } });
    expect(byName.remote!.transport === 'http' && byName.remote!.url.href).toBe('https://example.com/mcp');
    expect(byName.legacy).toMatchObject({ transport: 'sse' });
  });

  it('reports each bad entry by name and keeps the good ones', () => {
    const parsed = parseMcpConfig(
      { mcpServers: { good: { command: 'node' }, noArgs: { command: 'node', args: 'x' }, empty: {}, badUrl: { url: 'not a url' } } },
      { env: {} },
    );
    if (!parsed.success) throw parsed.error;
    expect(parsed.servers.map((server) => server.name)).toEqual(['good']);
    const byName = Object.fromEntries(parsed.failures.map((error) => [error.serverName, error]));
    expect(byName.noArgs!.issues[0]).toMatch(/^args: /);
    expect(byName.empty!.issues).toEqual(['needs "command" (stdio) or "url" (HTTP)']);
    expect(byName.badUrl!.message).toContain('MCP server "badUrl" is misconfigured');
    expect(parsed.failures.every((error) => McpConfigError.isInstance(error) && error.fault === 'user')).toBe(true);
  });

  it('takes oauth.clientMetadataUrl (a Client ID Metadata Document) only as an https URL with a path', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          cimd: { url: 'https://mcp.example/mcp', oauth: { clientMetadataUrl: 'https://${HOST}/reins.json' } },
          plain: { url: 'https://mcp.example/mcp', oauth: { clientMetadataUrl: 'http://client.example/reins.json' } },
          root: { url: 'https://mcp.example/mcp', oauth: { clientMetadataUrl: 'https://client.example/' } },
        },
      },
      { env: { HOST: 'client.example' } },
    );
    if (!parsed.success) throw parsed.error;
    expect(parsed.servers.map((server) => server.transport === 'http' && server.oauth?.clientMetadataUrl)).toEqual(['https://client.example/reins.json']);
    expect(parsed.failures.map((error) => [error.serverName, error.issues[0]])).toEqual([
      ['plain', 'oauth.clientMetadataUrl: expected an https URL with a path'],
      ['root', 'oauth.clientMetadataUrl: expected an https URL with a path'],
    ]);
  });

  it('keeps a server whatever its name, also __proto__ or constructor (never lost silently)', () => {
    const raw = JSON.parse('{"mcpServers":{"__proto__":{"command":"a"},"constructor":{"command":"b"},"ok":{"command":"c","env":{"__proto__":"x"}}}}') as unknown;
    const parsed = parseMcpConfig(raw, { env: {} });
    if (!parsed.success) throw parsed.error;
    expect(parsed.servers.map((server) => server.name)).toEqual(['__proto__', 'constructor', 'ok']);
    const ok = parsed.servers.find((server) => server.name === 'ok');
    expect(ok && 'env' in ok ? Object.entries(ok.env ?? {}) : []).toEqual([['__proto__', 'x']]);
  });

  it('fails the whole config only when it has no servers object', () => {
    for (const value of [null, [], 'text', {}, { mcpServers: [] }]) {
      const parsed = parseMcpConfig(value);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(McpConfigError.isInstance(parsed.error)).toBe(true);
    }
  });
});

describe('loadMcpConfig', () => {
  it('loads a config file', async () => {
    const path = join(directory, 'mcp.json');
    await writeFile(path, JSON.stringify({ mcpServers: { a: { command: 'node' } } }));
    expect(await loadMcpConfig(path)).toEqual({ mcpServers: { a: { command: 'node' } } });
  });

  it('throws McpConfigError for a missing file, bad JSON or no servers', async () => {
    await writeFile(join(directory, 'bad.json'), '{ "mcpServers": ');
    await writeFile(join(directory, 'none.json'), '{ "other": {} }');
    for (const [file, message] of [
      ['absent.json', /file not found/],
      ['bad.json', /not valid JSON/],
      ['none.json', /"mcpServers"/],
    ] as const) {
      const error = await loadMcpConfig(join(directory, file)).catch((caught: unknown) => caught);
      expect(McpConfigError.isInstance(error)).toBe(true);
      expect((error as McpConfigError).message).toMatch(message);
      expect((error as McpConfigError).path).toBe(join(directory, file));
    }
  });
});

const tool = (server: string, name: string, annotations?: ToolSpec['annotations'], exposed = name): ToolSpec => ({
  name: exposed,
  inputSchema: { type: 'object' },
  origin: { server, name },
  ...(annotations ? { annotations } : {}),
});

describe('approvalFromConfig', () => {
  it('follows the annotations with the spec defaults when no rule matches', () => {
    const approval = approvalFromConfig({ mcpServers: {} });
    expect(approval(tool('fs', 'read'), {})).toBe('ask'); // no annotations: destructive by default
    expect(approval(tool('fs', 'read', { readOnlyHint: true }), {})).toBe('allow');
    expect(approval(tool('fs', 'write', { readOnlyHint: false }), {})).toBe('ask');
    expect(approval(tool('fs', 'append', { readOnlyHint: false, destructiveHint: false }), {})).toBe('allow');
  });

  it('applies deny, then ask, then allow rules, global and per server', () => {
    const approval = approvalFromConfig({
      mcpServers: { fs: { command: 'x', allowTools: ['write_*'], denyTools: ['move_file'] }, mem: { command: 'y' } },
      reins: { approve: { allow: ['mem.*', 'echo'], ask: ['fs.read_secret'], deny: ['*.delete_*'] } },
    });
    expect(approval(tool('fs', 'write_file', { destructiveHint: true }), {})).toBe('allow');
    expect(approval(tool('fs', 'move_file'), {})).toBe('deny');
    expect(approval(tool('mem', 'delete_entities'), {})).toBe('deny');
    expect(approval(tool('mem', 'create_entities'), {})).toBe('allow');
    expect(approval(tool('fs', 'read_secret', { readOnlyHint: true }), {})).toBe('ask');
    expect(approval(tool('other', 'echo'), {})).toBe('allow');
    // Per-server lists apply to their server only.
    expect(approval(tool('mem', 'write_file'), {})).toBe('allow');
    expect(approval(tool('other', 'write_file'), {})).toBe('ask');
  });

  it('recognises server-prefixed names when a spec has no origin', () => {
    const approval = approvalFromConfig({ mcpServers: { fs: { command: 'x', denyTools: ['echo'] } } });
    expect(approval({ name: 'fs__echo', inputSchema: {} }, {})).toBe('deny');
    expect(approval({ name: 'other__echo', inputSchema: {}, annotations: { readOnlyHint: true } }, {})).toBe('allow');
  });
});
