import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import type { RecordInput } from '../../src/sessions/run-record.ts';
import { containsRedacted, isSecretName, redact, redactConfig, redactMeta, redactRecord, redactText } from '../../src/sessions/redact.ts';

describe('redactText', () => {
  it('replaces sk- keys, bearer credentials and URL passwords inside any text', () => {
    expect(redactText('OPENAI key sk-proj-Abc_123-xyz789 and sk-ant-api03-zzzzzzzz')).toBe('OPENAI key [redacted] and [redacted]');
    expect(redactText('Authorization: Bearer eyJhbGciOi.J9.sig')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('db at postgres://ann:s3cr3t-pw@db.local:5432/app')).toBe('db at postgres://ann:[redacted]@db.local:5432/app');
    expect(redactText('a task list, sk-short ok, see http://example.com/a@b')).toBe('a task list, sk-short ok, see http://example.com/a@b');
  });
});

describe('redact (records)', () => {
  it('never blanks a field for its name: tool arguments called key, token or password stay intact', () => {
    const args = { key: 'favourite-colour', token: 'next-page-2', password: { hint: 'the dog' }, env: { ROLE: 'server' } };
    expect(redact(args)).toEqual(args);
    expect(redact({ args, note: 'Bearer abcdefghij' })).toEqual({ args, note: 'Bearer [redacted]' });
  });

  it('does not change its input and copes with arrays, errors and cycles', () => {
    const input: Record<string, unknown> = { list: ['sk-aaaaaaaaaaaa', 2], token: 't' };
    input.self = input;
    const output = redact(input) as Record<string, unknown>;
    expect(output.list).toEqual(['[redacted]', 2]);
    expect(output.self).toBe('[circular]');
    expect(output.token).toBe('t');
    const error = redact({ error: new ConfigError('bad key sk-zzzzzzzzzzzz', { hint: 'set it' }) }) as unknown as { error: Record<string, unknown> };
    expect(error.error).toMatchObject({ name: 'Reins_ConfigError', message: 'bad key [redacted]\nset it', hint: 'set it' });
  });

  it('keeps the arguments of decisions and tool calls, and blanks config records and stored errors by name', () => {
    const action = { action: 'call_tool', tool: 'set_value', args: { key: 'k1', apiKey: 'v' }, reason: 'r' } as const;
    const decision: RecordInput = { type: 'decision', step: 1, repaired: false, dialect: 'json', thoughts: [], decision: action, decisions: [action] };
    expect(redactRecord(decision)).toEqual(decision);
    const start: RecordInput = { type: 'tool-call-start', step: 1, callId: 'c', tool: 'set_value', args: { key: 'k1' } };
    expect(redactRecord(start)).toEqual(start);
    expect(redactRecord({ type: 'config', step: 0, config: { apiKey: 'abc', env: { A: 'b' }, maxSteps: 3 } })).toEqual({
      type: 'config',
      step: 0,
      config: { apiKey: '[redacted]', env: { A: '[redacted]' }, maxSteps: 3 },
    });
    const end: RecordInput = { type: 'run-end', step: 2, status: 'failed', usage: { inputTokens: 1, outputTokens: 2 }, error: { name: 'E', message: 'm', headers: { Authorization: 'x' } } };
    expect(redactRecord(end)).toMatchObject({ usage: { inputTokens: 1, outputTokens: 2 }, error: { headers: { Authorization: '[redacted]' } } });
  });
});

describe('redactConfig (run configuration)', () => {
  it('keeps the names of env variables of MCP server configs but not their values', () => {
    const config = { mcpServers: { db: { command: 'db-mcp', args: ['--ro'], env: { DB_URL: 'postgres://u:p@h/db', DEBUG: '1' } } } };
    expect(redactConfig(config)).toEqual({
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
    expect(redactConfig(value)).toEqual({
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

  it('applies to RunMeta.config only; the rest of the meta is redacted by value', () => {
    const meta = { question: 'my key is sk-abcdefghijk, token please', model: 'm', config: { token: 'zz', servers: ['x'] } };
    expect(redactMeta(meta)).toEqual({ question: 'my key is [redacted], token please', model: 'm', config: { token: '[redacted]', servers: ['x'] } });
  });
});

describe('names and markers', () => {
  it('recognises secret names in every casing, and not ordinary ones', () => {
    for (const name of ['key', 'apiKey', 'api_key', 'X-Api-Key', 'authToken', 'SECRET', 'db-password', 'Cookie', 'GH_AUTH', 'DB_PASS']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['inputTokens', 'monkey', 'question', 'toolCallId', 'tokenizer', 'ROLE', 'AUTHOR', 'PWD']) expect(isSecretName(name), name).toBe(false);
  });

  it('finds the redaction marker anywhere in a value', () => {
    expect(containsRedacted({ a: [{ b: 'Bearer [redacted]' }] })).toBe(true);
    expect(containsRedacted({ a: [{ b: 'clean' }], n: 1 })).toBe(false);
  });
});
