/**
 * A call naming an offered tool with a namespace before it (`functions.lookup`, `default_api.lookup`,
 * `ns.sub.lookup`) is a call attempt: never returned as the answer, in every shape the call-attempt
 * check knows (a JSON name key, any key beside the arguments, a Python-style call, also inside
 * `print(..)`, a tag named after the tool, a one-key wrapper around the calls). Prose that only
 * mentions such a name stays the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { withoutQualifiers } from '../../src/protocols/dialects/qualified-tool-names.ts';

const tools: ToolSpec[] = [
  { name: 'lookup_tide', inputSchema: { type: 'object', properties: { harbour: { type: 'string' } }, required: ['harbour'] } },
  { name: 'sum', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools });
const isAnswer = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('qualified tool names', () => {
  it('drops the namespace before an offered tool name only', () => {
    expect(withoutQualifiers('functions.lookup_tide and default_api.sum(a=1)', tools)).toBe('lookup_tide and sum(a=1)');
    expect(withoutQualifiers('os.path.join and functions.lookup_tides', tools)).toBe('os.path.join and functions.lookup_tides');
  });

  it('keeps an offered name that holds a dot whole, dropping only a namespace before it, and names that tool in the correction', () => {
    const dotted: ToolSpec[] = [...tools, { name: 'tides.lookup_tide', inputSchema: { type: 'object', properties: { harbour: { type: 'string' } } } }];
    expect(withoutQualifiers('tides.lookup_tide(harbour=1) and mcp.tides.lookup_tide and functions.lookup_tide', dotted)).toBe('tides.lookup_tide(harbour=1) and tides.lookup_tide and lookup_tide');
    const result = parseDecision('native', 'I will run tides.lookup_tide({"harbour": "Brest"}, 2) now.', { tools: dotted });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('`tides.lookup_tide`');
  });

  it('refuses calls written with a qualified name instead of answering with them', () => {
    for (const text of [
      '{"tool_uses": [{"recipient_name": "functions.lookup_tide", "parameters": {"harbour": "Brest"}}]}',
      'print(default_api.lookup_tide(harbour="Brest"))',
      '{"tool": "functions.sum", "a": 1, "b": 2}',
      'functions.lookup_tide(harbour="Brest")',
      '<plan>\n  <function.lookup_tide harbour="Brest"/>\n</plan>',
    ]) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/lookup_tide|sum/);
    }
  });

  it('reads a qualified call in a fence labelled as calls, as Gemma 3 writes it (`call-fence.ts`)', () => {
    expect(parse('```tool_code\nprint(default_api.sum(a=1, b=2))\n```')).toMatchObject({ success: true, decisions: [{ tool: 'sum', args: { a: 1, b: 2 } }] });
  });

  it('keeps prose that only mentions a qualified name as the answer', () => {
    expect(isAnswer('Next I would use functions.lookup_tide for Brest.')).toBe(true);
    expect(isAnswer('The module exposes tides.lookup_tide, documented on the site.')).toBe(true);
  });

  it('property: a call with a namespace before the tool name is never the answer, in any known shape', () => {
    const namespace = fc.constantFrom('functions', 'default_api', 'tools', 'api.v1', 'multi_tool_use');
    const shape = fc.constantFrom(
      (name: string) => JSON.stringify({ name, arguments: { harbour: 'Brest' } }),
      (name: string) => JSON.stringify({ recipient_name: name, parameters: { harbour: 'Brest' } }),
      (name: string) => JSON.stringify({ tool_uses: [{ recipient_name: name, parameters: { harbour: 'Brest' } }] }),
      (name: string) => JSON.stringify({ tool: name, harbour: 'Brest' }),
      (name: string) => `${name}(harbour="Brest")`,
      (name: string) => `print(${name}(harbour="Brest"))`,
      (name: string) => `[${name}(harbour="Brest")]`,
      (name: string) => `<${name} harbour="Brest"/>`,
    );
    const before = fc.constantFrom('', 'Checking the tide.\n', 'Sure:\n');
    fc.assert(
      fc.property(namespace, shape, before, (space, write, lead) => {
        const text = `${lead}${write(`${space}.lookup_tide`)}`;
        expect(isAnswer(text), text).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
