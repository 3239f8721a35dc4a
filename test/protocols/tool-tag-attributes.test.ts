/**
 * Attributes on an element named after an offered tool are that call's arguments
 * (`<move_card from="todo" to="done"/>`): each names its argument, so nothing is guessed. A body of
 * bare text beside them names no argument and is refused, as are an argument given twice and an
 * attribute the tool does not declare. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tool = (name: string, ...keys: string[]): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) } });
const tools = [tool('move-card', 'from', 'to', 'note'), tool('drop_card', 'card')];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('attributes of a tool element', () => {
  it('reads attributes as arguments, with an empty body, self-closing, and beside named arguments in the body', () => {
    expect(read('Moving it.\n<move-card from="todo" to="done"></move-card>')).toMatchObject({ success: true, decisions: [{ tool: 'move-card', args: { from: 'todo', to: 'done' } }] });
    expect(read("<drop_card card='c&amp;7' />")).toMatchObject({ success: true, decisions: [{ tool: 'drop_card', args: { card: 'c&7' } }] });
    expect(read('<move-card from="todo"><to>done</to></move-card>')).toMatchObject({ success: true, decisions: [{ tool: 'move-card', args: { from: 'todo', to: 'done' } }] });
    expect(read('<move-card from="a" to="b"></move-card>\n<drop_card card="c1"></drop_card>')).toMatchObject({ success: true, decisions: [{ tool: 'move-card' }, { tool: 'drop_card', args: { card: 'c1' } }] });
  });

  it('refuses a bare-text body beside attributes, an argument given twice, and an undeclared attribute', () => {
    const cases: Array<[string, string]> = [
      ['<move-card from="todo" to="done">Ship it</move-card>', 'names no argument'],
      ['<move-card from="todo" from="done"></move-card>', '`from` twice'],
      ['<move-card from="todo"><from>done</from></move-card>', 'both as an attribute and in its body'],
      ['<drop_card class="wide"><card>c1</card></drop_card>', 'does not declare'],
    ];
    for (const [text, message] of cases) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain(message);
    }
  });

  it('property: declared attributes are read as written; a text body beside them never runs', () => {
    const value = fc.stringMatching(/^[a-z0-9 ./-]{0,12}$/);
    fc.assert(
      fc.property(value, value, fc.boolean(), fc.constantFrom('', 'Sure.\n'), (from, to, withText, before) => {
        const body = withText ? 'please' : '';
        const result = read(`${before}<move-card from="${from}" to="${to}">${body}</move-card>`);
        if (withText) return !result.success;
        return result.success && result.decisions.length === 1 && JSON.stringify(result.decisions[0]) === JSON.stringify({ action: 'call_tool', tool: 'move-card', args: { from, to }, reason: before.trim() });
      }),
    );
  });
});
