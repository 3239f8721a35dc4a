import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const strict = (properties: Record<string, unknown>, required: string[] = []): ToolSpec['inputSchema'] => ({ type: 'object', properties, required, additionalProperties: false });
const translate: ToolSpec = { name: 'translate', inputSchema: strict({ text: { type: 'string' }, targetLanguage: { type: 'string' } }, ['text', 'targetLanguage']) };
const purge: ToolSpec = { name: 'purge', inputSchema: strict({ pattern: { type: 'string' }, dry_run: { type: 'boolean' } }, ['pattern']) };
const call = (name: string, args: unknown) => `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const read = (text: string, tools: ToolSpec[]) => parseDecision('native', text, { tools });
/** The json protocol's own decision: `repaired` is false for a clean one. */
const decide = (tool: string, args: unknown, tools: ToolSpec[]) => parseDecision('json', JSON.stringify({ action: 'call_tool', tool, args, reason: '' }), { tools });

describe('an argument named in another case style', () => {
  it('is read as the declared name, and the reading says it was repaired', () => {
    expect(decide('translate', { text: 'Ship', targetLanguage: 'fr' }, [translate])).toMatchObject({ success: true, repaired: false });
    const result = decide('translate', { text: 'Ship', target_language: 'fr' }, [translate]);
    expect(result).toMatchObject({ success: true, repaired: true, decision: { tool: 'translate', args: { text: 'Ship', targetLanguage: 'fr' } } });
    expect(read(call('translate', { text: 'Ship', target_language: 'fr' }), [translate])).toMatchObject({ success: true, decision: { args: { targetLanguage: 'fr' } } });
    const dry = read(call('purge', { pattern: '*.log', dryRun: true }), [purge]);
    expect(dry).toMatchObject({ success: true, decision: { args: { pattern: '*.log', dry_run: true } } });
    expect(read(call('purge', { pattern: '*.log', 'DRY-RUN': true }), [purge])).toMatchObject({ success: true, decision: { args: { pattern: '*.log', dry_run: true } } });
  });

  it('keeps a name that differs only in letter case another name (as vLLM and sglang read it)', () => {
    expect(read(call('purge', { Pattern: '*.log' }), [purge])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    expect(read(call('purge', { pattern: '*.log', DRY_RUN: true }), [purge])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
  });

  it('reads names declared inside allOf members too', () => {
    const wrapped: ToolSpec = { name: 'translate', inputSchema: { allOf: [strict({ targetLanguage: { type: 'string' } }, ['targetLanguage'])] } };
    expect(read(call('translate', { target_language: 'ko' }), [wrapped])).toMatchObject({ success: true, decision: { args: { targetLanguage: 'ko' } } });
  });

  it('is a correction where the spelling has two readings or the name is given twice', () => {
    const twin: ToolSpec = { name: 'purge', inputSchema: strict({ dry_run: { type: 'boolean' }, dryRun: { type: 'boolean' } }) };
    expect(read(call('purge', { DryRun: true }), [twin])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    expect(read(call('purge', { pattern: 'a', dry_run: true, dryRun: false }), [purge])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    expect(read(call('purge', { pattern: 'a', dryRun: true, DRY_RUN: false }), [purge])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
  });

  it('never drops an argument the schema forbids: a name no declared one spells is a correction', () => {
    const result = read(call('purge', { pattern: '*.log', dryrunmode: true }), [purge]);
    expect(result).toMatchObject({ success: false, error: { kind: 'invalid-args', details: ['unexpected property `/dryrunmode`'] } });
  });

  it('leaves valid arguments as written, also where the schema allows undeclared names', () => {
    const open: ToolSpec = { name: 'tag', inputSchema: { type: 'object', properties: { labelName: { type: 'string' } } } };
    expect(decide('tag', { label_name: 'x' }, [open])).toMatchObject({ success: true, repaired: false, decision: { args: { label_name: 'x' } } });
  });

  it('keeps `__proto__` a key, refused, never a prototype', () => {
    const text = '<tool_call>{"name":"purge","arguments":{"Pattern":"a","__proto__":{"dry_run":true}}}</tool_call>';
    expect(read(text, [purge])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
  });

  it('property: a declared name written in another case style reads back as the declared name, with its value', () => {
    const styles = [(words: string[]) => words.join('_'), (words: string[]) => words.join('-'), (words: string[]) => words[0] + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')];
    const word = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 3 }), fc.nat(2), fc.nat(2), fc.string(), fc.boolean(), (words, declaredStyle, writtenStyle, value, upper) => {
        const declared = styles[declaredStyle]!(words);
        const style = styles[writtenStyle]!(words);
        const written = upper ? style.toUpperCase() : style;
        // Letter case alone is another name.
        fc.pre(written.toLowerCase() !== declared.toLowerCase());
        const tool: ToolSpec = { name: 'act', inputSchema: strict({ [declared]: { type: 'string' } }, [declared]) };
        expect(read(call('act', { [written]: value }), [tool])).toMatchObject({ success: true, decision: { args: { [declared]: value } } });
      }),
    );
  });
});
