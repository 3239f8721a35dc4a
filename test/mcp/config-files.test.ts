/**
 * The config files people already have load as their own tools write them (issue 30): Claude
 * Desktop's `claude_desktop_config.json`, Cursor's `~/.cursor/mcp.json` and VS Code's
 * `.vscode/mcp.json` (JSONC: comments, trailing commas, top-level `servers` and `inputs`, `type`
 * stdio/http/sse, `${input:...}` and `${workspaceFolder}`). A damaged file names line and column.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMcpConfig, McpConfigError, parseMcpConfig } from '../../src/mcp/index.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'reins-config-files-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Loads the file as the CLI does, then resolves every entry as `connectServers` does. */
async function load(path: string, env: Record<string, string>) {
  const config = await loadMcpConfig(path);
  const parsed = parseMcpConfig(config, { path, env });
  if (!parsed.success) throw parsed.error;
  return { parsed, byName: Object.fromEntries(parsed.servers.map((server) => [server.name, server])) };
}

describe('config files as their tools write them', () => {
  it("Claude Desktop's claude_desktop_config.json (mcpServers, the app's other settings beside it)", async () => {
    const path = join(home, 'Claude', 'claude_desktop_config.json');
    await mkdir(join(home, 'Claude'), { recursive: true });
    await writeFile(
      path,
      `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop", "/Users/ada/Downloads"]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_example" }
    }
  },
  "globalShortcut": "Alt+Space"
}
`,
    );
    const { parsed, byName } = await load(path, {});
    expect(parsed.failures).toEqual([]);
    expect(byName.filesystem).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/Desktop', '/Users/ada/Downloads'] });
    expect(byName.github).toMatchObject({ transport: 'stdio', command: 'docker', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_example' } });
  });

  it("Cursor's ~/.cursor/mcp.json (mcpServers, stdio and remote, ${env:...} and ${userHome})", async () => {
    const path = join(home, '.cursor', 'mcp.json');
    await mkdir(join(home, '.cursor'), { recursive: true });
    await writeFile(
      path,
      `{
  "mcpServers": {
    "memory": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-memory"],
      "env": { "MEMORY_FILE_PATH": "\${userHome}/.cursor/memory.jsonl" }
    },
    "linear": {
      "url": "https://mcp.linear.app/sse",
      "headers": { "Authorization": "Bearer \${env:LINEAR_API_KEY}" }
    },
    "local-http": {
      "type": "streamable-http",
      "url": "http://localhost:3000/mcp"
    }
  }
}
`,
    );
    const { parsed, byName } = await load(path, { HOME: '/home/ada', LINEAR_API_KEY: 'lin_123' });
    expect(parsed.failures).toEqual([]);
    expect(byName.memory).toMatchObject({ transport: 'stdio', env: { MEMORY_FILE_PATH: '/home/ada/.cursor/memory.jsonl' } });
    expect(byName.linear).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer lin_123' } });
    expect(byName['local-http']).toMatchObject({ transport: 'http' });
  });

  it("VS Code's .vscode/mcp.json: comments, trailing commas, servers, inputs, type stdio|http|sse, ${input:...}, ${workspaceFolder}", async () => {
    const project = join(home, 'project');
    const path = join(project, '.vscode', 'mcp.json');
    await mkdir(join(project, '.vscode'), { recursive: true });
    await writeFile(
      path,
      `{
  // Inputs are prompted for by VS Code; reins reads them from the environment.
  "inputs": [
    {
      "type": "promptString",
      "id": "perplexity-key",
      "description": "Perplexity API Key",
      "password": true,
    },
  ],
  "servers": {
    /* A local server over stdio. */
    "Perplexity": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "server-perplexity-ask"],
      "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}" },
      "envFile": "\${workspaceFolder}/.env",
    },
    "fs": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${workspaceFolder}"],
    },
    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" },
    "legacy": { "type": "sse", "url": "http://localhost:8931/sse" }, // trailing comma next
  },
}
`,
    );
    const { parsed, byName } = await load(path, { PERPLEXITY_KEY: 'pplx-1' });
    expect(parsed.failures).toEqual([]);
    expect(Object.keys(byName)).toEqual(['Perplexity', 'fs', 'github', 'legacy']);
    expect(byName.Perplexity).toMatchObject({ transport: 'stdio', env: { PERPLEXITY_API_KEY: 'pplx-1' } });
    expect(byName.fs).toMatchObject({ args: ['-y', '@modelcontextprotocol/server-filesystem', project] });
    expect(byName.github).toMatchObject({ transport: 'http' });
    expect(byName.legacy).toMatchObject({ transport: 'sse' });

    const noInput = parseMcpConfig(await loadMcpConfig(path), { path, env: {} });
    if (!noInput.success) throw noInput.error;
    expect(noInput.failures.map((error) => error.issues)).toEqual([
      ['VS Code input "perplexity-key" has no value: set the environment variable PERPLEXITY_KEY (reins does not prompt for inputs)'],
    ]);
  });

  it('keeps every server name of a JSONC file, also __proto__ (never lost silently)', async () => {
    const path = join(home, 'proto.json');
    await writeFile(path, '{\n  // odd names\n  "mcpServers": { "__proto__": { "command": "a" }, "constructor": { "command": "b" }, },\n}');
    const { byName } = await load(path, {});
    expect(Object.keys(byName)).toEqual(['__proto__', 'constructor']);
  });

  it('a damaged file is refused with the line and column of the first error', async () => {
    const path = join(home, 'broken.json');
    await writeFile(path, '{\n  // a comment is fine\n  "servers": {\n    "a": { "command": "node" }\n    "b": { "command": "node" }\n  }\n}\n');
    const error = await loadMcpConfig(path).catch((caught: unknown) => caught);
    expect(McpConfigError.isInstance(error)).toBe(true);
    expect((error as McpConfigError).message).toBe(`Cannot read MCP config ${path}: not valid JSON (JSONC: comments and trailing commas are fine): comma expected at line 5, column 5`);
  });
});
