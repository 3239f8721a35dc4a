import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { writtenValue } from '../../src/protocols/dialects/xml-parameters.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'edit', inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' }, line: { type: 'integer' } }, required: ['path'] } },
  { name: 'store', inputSchema: { type: 'object' } },
];
const call = (tag: string, body: string) => `<${tag}>\n<function=edit>\n${body}\n</function>\n</${tag}>`;

describe('Qwen XML parameter values', () => {
  it('drops only the newline pair the template writes around a value', () => {
    expect(writtenValue('\nvalue\n')).toBe('value');
    expect(writtenValue('\nline one\n\n')).toBe('line one\n');
    expect(writtenValue('\n  indented\n')).toBe('  indented');
    expect(writtenValue('\nno closing newline')).toBe('no closing newline');
    expect(writtenValue('as written\n')).toBe('as written\n');
    expect(writtenValue('as written')).toBe('as written');
  });

  it('keeps a trailing newline of a value written right after the opening tag (Seed-OSS)', () => {
    const text = call('seed:tool_call', '<parameter=path>a.py</parameter>\n<parameter=text>def f():\n    pass\n</parameter>');
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, dialect: 'qwen-xml', decision: { tool: 'edit', args: { path: 'a.py', text: 'def f():\n    pass\n' } } });
  });

  it('reads Qwen3-Coder values without the template newlines, and coerces by the schema', () => {
    const text = call('tool_call', '<parameter=path>\na.py\n</parameter>\n<parameter=text>\n  x = 1\n\n</parameter>\n<parameter=line>\n7\n</parameter>');
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { args: { path: 'a.py', text: '  x = 1\n', line: 7 } } });
  });

  it('keeps JSON-looking text as written where no schema types it, as Qwen3-Coder servers do', () => {
    const text = '<tool_call>\n<function=store>\n<parameter=value>\n{"a": [1, 2]}\n</parameter>\n<parameter=note>\nplain\n</parameter>\n</function>\n</tool_call>';
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { tool: 'store', args: { value: '{"a": [1, 2]}', note: 'plain' } } });
  });
});
