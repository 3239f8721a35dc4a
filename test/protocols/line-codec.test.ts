import { describe, expect, it } from 'vitest';
import { lineCodec } from '../../src/protocols/line-codec.ts';
import { runCodecContract } from './codec-contract.ts';
import { contractTools as tools } from './contract-tools.ts';
import { lineParam, lineText } from './text-rules.ts';

// line carries call_tool tool/args (positional, by schema order; no reason), ask_user question/why and
// answer_user answer (no confidence).
runCodecContract(lineCodec, {
  carried: (decision) => {
    if (decision.action === 'call_tool') return { ...decision, reason: '' };
    return decision.action === 'answer_user' ? { action: 'answer_user', answer: decision.answer } : decision;
  },
  rules: { text: lineText, param: lineParam },
});

describe('line codec', () => {
  it('coerces positional params by schema order and type, skipping an empty optional', () => {
    const result = lineCodec.parse('FUNCTION_CALL: search|dal makhani||true', { tools });
    expect(result.success && result.decision).toEqual({ action: 'call_tool', tool: 'search', args: { query: 'dal makhani', exact: true }, reason: '' });
  });

  it('reads a comma list as an array and a no-arg call without params', () => {
    const list = lineCodec.parse('FUNCTION_CALL: tag|a, b,c', { tools });
    expect(list.success && list.decision).toMatchObject({ args: { names: ['a', 'b', 'c'] } });
    const ping = lineCodec.parse('**FUNCTION_CALL:** ping', { tools });
    expect(ping.success && ping.decision).toEqual({ action: 'call_tool', tool: 'ping', args: {}, reason: '' });
  });

  it('rejects too many params with the expected list', () => {
    const result = lineCodec.parse('FUNCTION_CALL: add|1|2|3', { tools });
    expect(result.success || [result.error.kind, ...result.error.details]).toEqual(['invalid-args', 'expected at most 2 (a, b) params, got 3']);
  });

  it('keeps every fact of the schema in its tool list: enums, defaults, parameter descriptions', () => {
    const text = lineCodec.instructions([
      {
        name: 'list',
        description: 'Lists a folder.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string', description: 'The folder.' }, sortBy: { enum: ['name', 'size'], default: 'name' } },
          required: ['path'],
        },
      },
    ]);
    expect(text).toContain(['- list - Lists a folder.', ' path - Folder.', ' sortBy?: "name" or "size" = "name"'].join('\n'));
  });

  it('documents ASK_USER and the param order in its instructions', () => {
    const text = lineCodec.instructions(tools);
    expect(text).toContain('ASK_USER: question|why you need it');
    expect(text).toContain('- search|query|limit?: integer|exact?: boolean - Searches notes.');
  });
});
