import { describe, expect, it } from 'vitest';
import type { RecordInput } from '../../src/sessions/run-records/run-record.ts';
import { containsRedacted, isSecretName, redactConfig, redactMeta, redactRecord } from '../../src/sessions/redact.ts';

describe('redactRecord and redactMeta (records kept as they happened)', () => {
  it('never rewrites ordinary text by how it looks: questions, arguments and observations stay intact', () => {
    const words = 'Write a basic example; Bearer of good news; use sk-learn-models; see http://ann:notes@example.com/a';
    const question = { question: words, model: 'm', protocol: 'json' as const };
    expect(redactMeta(question)).toEqual(question);
    const start: RecordInput = { type: 'tool-call-start', step: 1, callId: 'c', tool: 'write', args: { text: words, key: 'favourite-colour', token: 'next-page-2' } };
    expect(redactRecord(start)).toEqual(start);
    const request: RecordInput = { type: 'model-request', step: 1, attempt: 1, system: 's', messages: [{ role: 'user', content: words }] };
    expect(redactRecord(request)).toEqual(request);
    const end: RecordInput = { type: 'tool-call-end', step: 1, callId: 'c', tool: 'write', outcome: 'result', result: { content: [{ type: 'text', text: words }] }, observation: words };
    expect(redactRecord(end)).toEqual(end);
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

  it('applies to RunMeta.config only; the rest of the meta is kept as it is', () => {
    const meta = { question: 'my key is sk-abcdefghijk, token please', model: 'm', config: { token: 'zz', servers: ['x'] } };
    expect(redactMeta(meta)).toEqual({ question: 'my key is sk-abcdefghijk, token please', model: 'm', config: { token: '[redacted]', servers: ['x'] } });
  });
});

describe('names and markers', () => {
  it('recognises secret names in every casing, and not ordinary ones', () => {
    for (const name of ['key', 'apiKey', 'api_key', 'X-Api-Key', 'authToken', 'SECRET', 'db-password', 'Cookie', 'GH_AUTH', 'DB_PASS']) {
      expect(isSecretName(name), name).toBe(true);
    }
    const settings = ['inputTokens', 'monkey', 'question', 'toolCallId', 'tokenizer', 'ROLE', 'AUTHOR', 'PWD', 'APP_AUTH_ENABLED', 'LEGACY_AUTH_MODE', 'TOKEN_URL', 'keyboard'];
    for (const name of settings) expect(isSecretName(name), name).toBe(false);
  });

  it('finds the redaction marker anywhere in a value', () => {
    expect(containsRedacted({ a: [{ b: 'Bearer [redacted]' }] })).toBe(true);
    expect(containsRedacted({ a: [{ b: 'clean' }], n: 1 })).toBe(false);
  });
});
