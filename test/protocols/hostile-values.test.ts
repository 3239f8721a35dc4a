/**
 * Hostile values in a model's output, in every protocol: a number JSON cannot carry (`1e400`
 * parses to Infinity) and valid JSON nested thousands of levels deep. Both are corrections with a
 * precise message, never an accepted decision and never a crash of the run or the store.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { protocols } from '../../src/protocols/index.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';

const tools: ToolSpec[] = [
  { name: 'calc', description: 'Calculates.', inputSchema: { type: 'object', properties: { n: { type: 'number' }, count: { type: 'integer' }, data: { type: 'array' } } } },
];
const deep = `${'['.repeat(3000)}1${']'.repeat(3000)}`;
const marker = 424242;

/** The protocol's text for `calc` with args `{n: marker}`, the marker replaced by raw text. */
function textWith(protocol: Exclude<ProtocolName, 'native' | 'auto'>, raw: string): string {
  const text = protocols[protocol].render({ decisions: [{ action: 'call_tool', tool: 'calc', args: { n: marker }, reason: 'r' }] });
  return text.replace(String(marker), raw);
}

function parse(protocol: ProtocolName, raw: string, nativeArgs: string) {
  if (protocol === 'native') return protocols.native.parse('', { tools, toolCalls: [{ id: 'c1', name: 'calc', arguments: nativeArgs }] });
  return protocols[protocol as Exclude<ProtocolName, 'native' | 'auto'>].parse(textWith(protocol as never, raw), { tools });
}

function explain(result: ReturnType<typeof parse>): string {
  if (result.success) return `accepted ${JSON.stringify(result.decision).slice(0, 60)}`;
  const error = result.error as { message: string; details?: string[] };
  return [error.message, ...(error.details ?? [])].join('\n');
}

describe.each(['json', 'envelope', 'xml', 'native'] as const)('hostile values over %s', (protocol) => {
  it('a number too large for JSON (1e400) is a correction naming the argument', () => {
    const result = parse(protocol, '1e400', '{"n":1e400}');
    expect(result.success).toBe(false);
    expect(explain(result)).toMatch(/`\/(args|actions\/0\/params)\/n` must be a finite number \(got Infinity/);
  });

  it('valid JSON nested 3000 levels deep is a correction, not a crash', () => {
    const result = parse(protocol, `1, "data": ${deep}`, `{"n":1,"data":${deep}}`);
    expect(result.success).toBe(false);
    expect(explain(result)).toMatch(/nested more than 64 levels deep/);
  });
});

describe('hostile values over line (positional coercion)', () => {
  it('an integer or number too large for JSON is a correction naming the argument', () => {
    for (const text of [`FUNCTION_CALL: calc||${'9'.repeat(400)}`, 'FUNCTION_CALL: calc|1e400']) {
      const result = protocols.line.parse(text, { tools });
      expect(result.success).toBe(false);
      expect(explain(result)).toMatch(/`\/args\/(n|count)` must be a finite number/);
    }
  });

  it('an array argument nested 3000 levels deep is a correction', () => {
    const result = protocols.line.parse(`FUNCTION_CALL: calc|1|2|${deep}`, { tools });
    expect(result.success).toBe(false);
    expect(explain(result)).toMatch(/nested more than 64 levels deep/);
  });
});

describe('a run given hostile values', () => {
  it('corrects them and goes on; the store keeps every step', async () => {
    const calc = defineTool({ name: 'calc', description: 'Calculates.', input: tools[0]!.inputSchema, execute: ({ n }) => `n=${String(n)}` });
    const model = new ScriptedModel([textWith('json', `1, "data": ${deep}`), textWith('json', '1e400'), textWith('json', '2'), '{"action":"answer_user","answer":"done"}']);
    const store = new SqliteStore({ path: ':memory:' });
    try {
      const run = createAgent({ model, tools: [calc], protocol: 'json', store }).run('go');
      const kinds: string[] = [];
      for await (const event of run) if (event.type === 'output-invalid') kinds.push(`${event.reason}\n${event.correction}`);
      const result = await run.result;
      expect(result.status).toBe('answered');
      expect(kinds).toHaveLength(2);
      expect(kinds[0]).toMatch(/nested more than 64 levels/);
      expect(kinds[1]).toMatch(/finite number/);
    } finally {
      store.close();
    }
  });
});
