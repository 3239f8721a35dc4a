import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { isSecretName, redact, redactText } from '../../src/sessions/redact.ts';

describe('redact', () => {
  it('replaces sk- keys and bearer credentials inside any text', () => {
    expect(redactText('OPENAI key sk-proj-Abc_123-xyz789 and sk-ant-api03-zzzzzzzz')).toBe('OPENAI key [redacted] and [redacted]');
    expect(redactText('Authorization: Bearer eyJhbGciOi.J9.sig')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('a task list, sk-short ok')).toBe('a task list, sk-short ok');
  });

  it('keeps the names of env variables of MCP server configs but not their values', () => {
    const config = { mcpServers: { db: { command: 'db-mcp', args: ['--ro'], env: { DB_URL: 'postgres://u:p@h/db', DEBUG: '1' } } } };
    expect(redact(config)).toEqual({
      mcpServers: { db: { command: 'db-mcp', args: ['--ro'], env: { DB_URL: '[redacted]', DEBUG: '[redacted]' } } },
    });
  });

  it('redacts credential headers and fields named like key, token, secret or password', () => {
    const value = {
      headers: { Authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': 'k1', 'Content-Type': 'application/json' },
      apiKey: 'k2',
      OPENAI_API_KEY: 'k3',
      accessToken: 'k4',
      client_secret: 'k5',
      password: { nested: 'k6' },
      usage: { inputTokens: 12, outputTokens: 3 },
      maxTokens: 100,
      keyboard: 'qwerty',
    };
    expect(redact(value)).toEqual({
      headers: { Authorization: '[redacted]', 'x-api-key': '[redacted]', 'Content-Type': 'application/json' },
      apiKey: '[redacted]',
      OPENAI_API_KEY: '[redacted]',
      accessToken: '[redacted]',
      client_secret: '[redacted]',
      password: '[redacted]',
      usage: { inputTokens: 12, outputTokens: 3 },
      maxTokens: 100,
      keyboard: 'qwerty',
    });
  });

  it('does not change its input and copes with arrays, errors and cycles', () => {
    const input: Record<string, unknown> = { list: ['sk-aaaaaaaaaaaa', 2], token: 't' };
    input.self = input;
    const output = redact(input) as Record<string, unknown>;
    expect(output.list).toEqual(['[redacted]', 2]);
    expect(output.self).toBe('[circular]');
    expect(input.token).toBe('t');
    const error = redact({ error: new ConfigError('bad key sk-zzzzzzzzzzzz', { hint: 'set it' }) }) as unknown as { error: Record<string, unknown> };
    expect(error.error).toMatchObject({ name: 'Reins_ConfigError', message: 'bad key [redacted]\nset it', hint: 'set it' });
  });

  it('recognises secret field names in every casing', () => {
    for (const name of ['key', 'apiKey', 'api_key', 'X-Api-Key', 'authToken', 'SECRET', 'db-password', 'Cookie']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['inputTokens', 'monkey', 'question', 'toolCallId', 'tokenizer']) expect(isSecretName(name), name).toBe(false);
  });
});
