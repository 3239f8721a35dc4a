/**
 * Framing that says "this is a call" is never the answer: a call of an offered tool in a code fence
 * labelled with a call format, also one left open (`bare-call-attempt.ts`), and an OpenAI tool call
 * that names no tool (`nameless-call-object.ts`) are corrected; code calling no offered tool, and
 * JSON without a call's framing, stay answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [{ name: 'book_table', inputSchema: { type: 'object', properties: { guests: { type: 'integer' }, time: { type: 'string' } } } }];
const parse = (text: string) => parseDecision('native', text, { tools });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('a fence labelled with a call format, left open', () => {
  it('holding a call of an offered tool is corrected, as a closed one is', () => {
    for (const text of ['```tool_code\nbook_table(guests=2, time="20:00")', 'Booking.\n```function_call\nbook_table({"guests": 2})', '```tool_use\nprint(book_table(guests=2))\n']) {
      expect(answered(text), text).toBe(false);
    }
  });

  it('holding code that calls no offered tool stays an answer, as a closed one does', () => {
    for (const text of ['```python\nbook_table(guests=2)\n```\nis how the tool is called']) expect(answered(text), text).toBe(true);
    // A fence labelled as a call format holds calls only (`call-fence.ts`): code calling no offered tool there is corrected.
    expect(answered('```tool_code\nprint("two guests")'), 'tool_code fence').toBe(false);
  });

  it('is never the answer when it calls an offered tool with arguments, closed or not (property)', () => {
    const label = fc.constantFrom('tool_code', 'tool_call', 'tool_calls', 'function_call', 'tool_use');
    const call = fc.constantFrom('book_table(guests=2)', 'print(book_table(time="8pm"))', 'book_table({"guests": 4})');
    fc.assert(
      fc.property(fc.constantFrom('', 'Sure.\n', 'Let me book it.\n'), label, call, fc.boolean(), (before, name, inside, closed) => {
        const text = `${before}\`\`\`${name}\n${inside}${closed ? '\n```' : ''}`;
        expect(answered(text), text).toBe(false);
      }),
    );
  });
});

describe('an OpenAI tool call naming no tool', () => {
  it('is corrected, fenced or not', () => {
    for (const text of [
      '{"type": "function", "function": {"arguments": {"guests": 2}}}',
      '{"id": "call_9", "type": "function", "function": {"parameters": {}}}',
      '```json\n{"type": "function", "function": {"arguments": "{\\"guests\\": 2}"}}\n```',
    ]) {
      expect(answered(text), text).toBe(false);
    }
  });

  it('stays an answer when a key is no call framing, or no framing says it is a call', () => {
    for (const text of [
      '{"type": "function", "function": {"arguments": {"guests": 2}}, "note": "draft"}',
      '{"type": "function", "function": {"arguments": {"guests": 2}, "summary": "x"}}',
      '{"parameters": {}}',
      '{"type": "function", "description": "books a table"}',
    ]) {
      expect(answered(text), text).toBe(true);
    }
  });
});
