/**
 * `<tool_use><name>..</name><arguments>{json}</arguments></tool_use>`, the call Cherry Studio asks of
 * models without native tool calls (and GLM 4's `<tool_call>` XML form): read whole (JSON closed, read
 * with the guard), several after prose; cut off or unreadable, a correction; shown as code, prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'convert_units', inputSchema: { type: 'object', properties: { value: { type: 'number' }, to: { type: 'string' } }, required: ['value'] } },
  { name: 'list_units', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });
const use = (name: string, args: string) => `<tool_use>\n  <name>${name}</name>\n  <arguments>${args}</arguments>\n</tool_use>`;

describe('<tool_use> with JSON arguments', () => {
  it('reads a call, and several after prose, in order', () => {
    const one = parse(use('convert_units', '{"value": 3.5, "to": "km"}'));
    expect(one.success && one.decisions).toEqual([call('convert_units', { value: 3.5, to: 'km' })]);
    const two = parse(`Converting now.\n${use('list_units', '{}')}\n${use('convert_units', '{"value": 1}')}`, 2);
    expect(two.success && two.decisions).toEqual([call('list_units', {}), call('convert_units', { value: 1 })]);
  });

  it('corrects arguments cut off before the closing tag, unreadable, not an object or followed by text, and a call never closed', () => {
    for (const text of [use('convert_units', '{"value": 3'), use('convert_units', '{"value": 3, "to": }'), use('convert_units', '[3]'), use('convert_units', '{"value": 3} please'), use('convert_units', '{"value": 3}').replace('</tool_use>', '')]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('reads <arguments> holding one JSON object in the <tool_call> spelling too (GLM 4\'s XML form), with the same corrections', () => {
    for (const tag of ['tool_call']) {
      const written = (args: string) => use('convert_units', args).replaceAll('tool_use>', `${tag}>`);
      expect(parse(written('{"value": 2, "to": "mi"}')), tag).toMatchObject({ success: true, decisions: [call('convert_units', { value: 2, to: 'mi' })] });
      for (const args of ['{"value": 2', '{"value": 2} now', '{"value": }']) expect(parse(written(args)).success, `${tag} ${args}`).toBe(false);
    }
  });

  it('leaves a call shown as code in an answer', () => {
    const text = 'Write calls as:\n```\n' + use('list_units', '{}') + '\n```';
    const result = parse(text);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: text }]);
  });

  it('property: any call written this way reads back as that call; cut inside its JSON, it never runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }).map((whole) => whole / 4), fc.constantFrom('km', 'mi', 'm'), fc.nat(), (value, to, at) => {
        const args = JSON.stringify({ value, to });
        const whole = parse(use('convert_units', args));
        expect(whole.success && whole.decisions).toEqual([call('convert_units', { value, to })]);
        const cut = use('convert_units', args.slice(0, 1 + (at % (args.length - 1))));
        expect(parse(cut).success, cut).toBe(false);
      }),
    );
  });
});
