/** What the CLI's SecretMask hides (known secret values, key-shaped text) and what it leaves alone. */
import { describe, expect, it } from 'vitest';
import { serverName } from '../../src/cli/setup/load-tool-config.ts';
import { SecretMask } from '../../src/cli/setup/secret-mask.ts';
import { argumentSecrets, configSecrets } from '../../src/cli/setup/secret-values.ts';

describe('SecretMask', () => {
  const env = { OPENAI_API_KEY: 'sk-live-abcdef123456', GH_TOKEN: 'ghp_0123456789', MY_PASS: 'hunter2-pass', HOME: '/home/ann', USER: 'ann' };
  const config = {
    mcpServers: {
      db: { command: 'db-mcp', args: ['--password', 'pg-pass-77', '--role=server'], env: { ROLE: 'server', DB_SECRET: 'dbsecret-1', URL: 'https://${GH_TOKEN}@h' } },
      remote: { url: 'https://bob:url-pw-9@mcp.example/mcp', headers: { Authorization: 'Bearer hdr-token-5', Accept: 'application/json' } },
    },
  };
  const mask = SecretMask.from(env, config, { modelString: 'openai-compatible:m@http://u:model-pw-3@host/v1' });

  it('masks the values of secret-named variables, config entries, headers, flags and URL passwords, wherever they appear', () => {
    for (const secret of ['sk-live-abcdef123456', 'ghp_0123456789', 'hunter2-pass', 'dbsecret-1', 'pg-pass-77', 'url-pw-9', 'hdr-token-5', 'model-pw-3']) {
      expect(mask.text(`tool said: ${secret}!`), secret).toBe('tool said: [redacted]!');
    }
    expect(mask.text('Authorization: Bearer some-other-token-123')).toBe('Authorization: Bearer [redacted]');
  });

  it('leaves ordinary values alone, and never blanks a field for its name', () => {
    expect(mask.text('The server has its environment set for ann in /home/ann.')).toBe('The server has its environment set for ann in /home/ann.');
    const args = { key: 'api_key', token: 'page-2', role: 'server', value: 'ghp_0123456789' };
    expect(mask.value(args)).toEqual({ key: 'api_key', token: 'page-2', role: 'server', value: '[redacted]' });
  });
});

describe('secret values of command lines and configs', () => {
  it('takes the value after credential flags, in headers and env pairs, but not after ordinary flags', () => {
    expect(argumentSecrets(['--api-key', 'A1', '--token=B2', '-H', 'Authorization: Bearer C3', '--header=x-api-key: D4', '-e', 'API_KEY=E5', '--port', '80', '-v'])).toEqual([
      'A1',
      'B2',
      'C3',
      'D4',
      'E5',
    ]);
    expect(argumentSecrets(['--name', 'notes', 'http://ann:F6@h/x'])).toEqual(['F6']);
  });

  it('takes config env values by their name or by the secret-named ${VAR} they use', () => {
    const env = { SERVICE_TOKEN: 'resolved-token', PLAIN: 'plain-value' };
    expect(configSecrets({ mcpServers: { s: { command: 'x', env: { A: '${SERVICE_TOKEN}', B: '${PLAIN}', ROLE: 'server', API_KEY: 'k-123' } } } }, env)).toEqual([
      'resolved-token',
      'resolved-token',
      'k-123',
    ]);
  });
});

describe('serverName', () => {
  it.each([
    [['npx', '-y', '@modelcontextprotocol/server-memory', '--api-key', 'LITERAL'], 'server-memory'],
    [['npx', '-y', '@scope/server-foo@latest'], 'server-foo'],
    [['node', '/x/node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio', '--api-key', 'LITERAL'], 'server-everything'],
    [['node', '--api-key', 'LITERAL', './tools/notes-server.mjs'], 'notes-server'],
    [['uvx', 'mcp-server-git@1.2', '--token', 'LITERAL'], 'mcp-server-git'],
    [['python3', '--token', 'LITERAL'], 'python3'],
    [['/opt/bin/my-mcp', '--api-key', 'LITERAL'], 'my-mcp'],
  ])('%j is named %s', ([command, ...args], name) => {
    expect(serverName({ command: command!, args })).toBe(name);
  });
});
