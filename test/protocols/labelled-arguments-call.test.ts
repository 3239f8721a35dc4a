/**
 * A line holding only an offered tool's name and `key: value` arguments in parentheses
 * (`labelled-arguments-call.ts`, "Tool call: name (key: value)" agents) is read, each value the text
 * up to the next declared parameter's label; a repeated or undeclared label, or an empty value, is
 * corrected, never guessed; quoted, listed or mid-sentence it stays prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'save_note', inputSchema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } }, required: ['title'] } },
  { name: 'count_words', inputSchema: { type: 'object', properties: { text: { type: 'string' }, limit: { type: 'integer' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('calls with labelled arguments', () => {
  it('reads each call line, after a label or alone, values typed by the schema', () => {
    expect(parse('Tool call: save_note (title: Groceries, body: eggs and milk, twice)')).toMatchObject({
      success: true,
      decisions: [{ action: 'call_tool', tool: 'save_note', args: { title: 'Groceries', body: 'eggs and milk, twice' } }],
    });
    expect(parse('First the count.\ncount_words(text: "one: two", limit: 3)\nThen I report.')).toMatchObject({
      success: true,
      decisions: [{ action: 'call_tool', tool: 'count_words', args: { text: 'one: two', limit: 3 } }],
    });
    expect(parse('Tool call: count_words (text: a b)\nTool call: save_note (title: Count)').success && parse('Tool call: count_words (text: a b)\nTool call: save_note (title: Count)')).toMatchObject({
      decisions: [{ tool: 'count_words', args: { text: 'a b' } }, { tool: 'save_note', args: { title: 'Count' } }],
    });
  });

  it('corrects a repeated or undeclared label and an empty value', () => {
    for (const text of ['save_note (title: A, title: B)', 'save_note (heading: A)', 'save_note (title: , body: x)']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('keeps quoted, listed and mid-sentence calls prose', () => {
    for (const text of ['> save_note (title: Example)\nis how a note is saved.', '- save_note (title: Example)', 'I would run save_note (title: Example) if asked.']) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('property: any title and body without a label in them are read back as written', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,!?-]{0,30}$/).filter((text) => text.trim() === text && !/title|body/.test(text));
    fc.assert(
      fc.property(value, value, fc.constantFrom('', 'Tool call: ', 'Action: '), (title, body, label) => {
        const result = parse(`${label}save_note (title: ${title}, body: ${body})`);
        expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'save_note', args: { title, body } })]);
      }),
    );
  });
});
