/**
 * A call as two labelled lines, the tool's name then its arguments as one JSON object, whatever the
 * labels' words (`labelled-name-input.ts`). Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'book_table', inputSchema: { type: 'object', properties: { venue: { type: 'string' }, seats: { type: 'integer' } }, required: ['venue'] } },
  { name: 'PUT', inputSchema: { type: 'object', properties: { url: { type: 'string' }, body: { type: 'object' } }, required: ['url'] } },
];
const parse = (reply: string) => parseDecision('native', reply, { tools });

describe('a labelled name line, then labelled arguments', () => {
  it.each([
    ['Tool / Input', 'Tool: book_table\nInput: {"venue": "Rosa", "seats": 4}'],
    ['Function / Arguments, the object fenced, a plan before', 'Booking now.\nFunction: book_table\nArguments:\n```json\n{"venue": "Rosa", "seats": 4}\n```'],
    ['words of its own, in bold', '**Next step:** `book_table`\n**Step params:** {"venue": "Rosa", "seats": 4}'],
  ])('reads %s', (_label, reply) => {
    expect(parse(reply)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'book_table', args: { venue: 'Rosa', seats: 4 } } });
  });

  it('reads the labels in any letter case or emphasis (the form other readers only corrected before)', () => {
    for (const reply of ['TOOL: book_table\nINPUT: {"venue": "Rosa"}', '**Tool:** book_table\n**Input:** {"venue": "Rosa"}', 'Tool: book_table\nArguments: {"venue": "Rosa"}']) {
      expect(parse(reply), reply).toMatchObject({ success: true, decision: { tool: 'book_table', args: { venue: 'Rosa' } } });
    }
  });

  it('reads a tool named like an HTTP method, the plan as its reason', () => {
    expect(parse('Background: the page exists.\nOperation: PUT\nInput: {"url": "https://example.org/a", "body": {"x": 1}}')).toMatchObject({
      success: true,
      decision: { tool: 'PUT', args: { url: 'https://example.org/a', body: { x: 1 } }, reason: 'Background: the page exists.' },
    });
  });

  it('never runs the pair with prose after its object, an object cut off, or a tool not offered', () => {
    for (const reply of [
      'Tool: book_table\nInput: {"venue": "Rosa"}\nThen I will confirm.',
      'Tool: book_table\nInput: {"venue": "Ro',
      'Tool: order_cab\nInput: {"venue": "Rosa"}',
    ]) {
      const result = parse(reply);
      expect(result.success && result.decision.action === 'call_tool', reply).toBe(false);
    }
  });

  it('reads the pair inside an element around it alone, the element its framing', () => {
    for (const reply of ['<call>\nname: book_table\nargs: {"venue": "Rosa", "seats": 4}\n</call>', 'Booking now.\n<tool>\nName: book_table\nParameters: {\n  "venue": "Rosa",\n  "seats": 4\n}\n</tool>']) {
      expect(parse(reply), reply).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'book_table', args: { venue: 'Rosa', seats: 4 } } });
    }
  });

  it('never answers with a pair that text or a stray closing tag follows', () => {
    for (const reply of ['name: book_table\nargs: {"venue": "Rosa"}\nThat should do it.', '<call>\nname: book_table\nargs: {"venue": "Rosa"}\n</tool>']) {
      expect(parse(reply).success, reply).toBe(false);
    }
  });

  it('keeps a pair quoted in a fenced example as the answer', () => {
    const reply = 'Write it like this:\n```\nTool: book_table\nInput: {"venue": "Rosa"}\n```';
    expect(parse(reply)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });
});

describe('property: the pair is read whole or not at all (fast-check)', () => {
  const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
  const venue = fc.stringMatching(/^[a-z][a-z ]{0,14}[a-z]$/);

  it('reads the arguments written under any one-word labels', () => {
    fc.assert(
      fc.property(word, venue, fc.integer({ min: 1, max: 40 }), (label, place, seats) => {
        fc.pre(!/^actions?$/i.test(label));
        const reply = `${label}: book_table\n${label} input: ${JSON.stringify({ venue: place, seats })}`;
        expect(parse(reply)).toMatchObject({ success: true, decision: { tool: 'book_table', args: { venue: place, seats } } });
      }),
    );
  });

  it('never answers with a pair naming an offered tool, whatever its labels and the text after it', () => {
    fc.assert(
      fc.property(word, venue, fc.stringMatching(/^[A-Z][a-z ,.]{0,30}$/), (label, place, after) => {
        fc.pre(!/^actions?$/i.test(label));
        const reply = `${label}: book_table\n${label} input: ${JSON.stringify({ venue: place })}\n${after}`;
        const result = parse(reply);
        expect(result.success && result.decision.action === 'answer_user', reply).toBe(false);
      }),
    );
  });

  it('never runs a pair cut off before its object closes', () => {
    fc.assert(
      fc.property(venue, fc.integer({ min: 1, max: 40 }), fc.nat(), (place, seats, at) => {
        const whole = `Tool: book_table\nInput: ${JSON.stringify({ venue: place, seats })}`;
        const cut = whole.slice(0, whole.length - 1 - (at % (whole.length - whole.indexOf('{') - 1)));
        const result = parse(cut);
        expect(result.success && result.decision.action === 'call_tool', cut).toBe(false);
      }),
    );
  });
});
