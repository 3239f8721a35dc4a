/**
 * Pythonic call lists amid prose (Llama 4 / 3.2 after a sentence): read where the list stands apart
 * from the words around it, is closed, and calls only offered tools (names may hold hyphens, as MCP
 * tool names do); a list in Markdown code, or naming a tool not offered, is never run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = ['find-flight', 'hotel_rates'].map((name) => ({ name, inputSchema: { type: 'object', properties: { city: { type: 'string' }, nights: { type: 'integer' } } } }));
const callsOf = (text: string, maxActions = 2) => {
  const result = parseDecision('native', text, { tools, maxActions });
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool').map((decision) => decision.action === 'call_tool' && [decision.tool, decision.args]) : undefined;
};

describe('pythonic call lists amid prose', () => {
  it('reads a list after a sentence, before one, and over several lines; a hyphenated tool name is a name', () => {
    expect(callsOf('Let me look: [find-flight(city="Lima")]')).toEqual([['find-flight', { city: 'Lima' }]]);
    expect(callsOf("[hotel_rates(city='Lima', nights=2)] I will compare them next.")).toEqual([['hotel_rates', { city: 'Lima', nights: 2 }]]);
    expect(callsOf('Two lookups.\n\n[find-flight(city="Lima"),\n hotel_rates(city="Lima", nights=3)]\n\nBoth run now.')).toEqual([
      ['find-flight', { city: 'Lima' }],
      ['hotel_rates', { city: 'Lima', nights: 3 }],
    ]);
  });

  it('leaves a list in code, a list glued to a word, and a list naming a tool not offered as prose', () => {
    for (const text of ['Write it as `[find-flight(city="Lima")]` next time.', 'Options:\n- [find-flight(city="Lima")] for flights\n- or ask me.', '> [hotel_rates(city="Lima")] is how I call it', 'For example:\n```\n[hotel_rates(city="Lima")]\n```', 'see[find-flight(city="Lima")]', 'Try [book_taxi(city="Lima")] later.']) {
      expect(callsOf(text) ?? [], text).toEqual([]);
    }
  });

  it('corrects a list of a tool not offered that is alone on its line, after a label or prose lines, never answering it', () => {
    for (const text of ["Request: [book_taxi(city='Lima')]", 'Sure.\n[book_taxi(city="Lima")]', 'API-Request: [book_taxi()]\nThen I wait.']) {
      const result = parseDecision('native', text, { tools });
      expect(result, text).toMatchObject({ success: false, error: { message: expect.stringContaining('unknown tool `book_taxi`') } });
    }
  });

  it('property: a list of unknown tools alone on its line is never the answer; inside a sentence it stays prose (fast-check)', () => {
    const label = fc.constantFrom('', 'Request: ', 'API-Request: ', 'Call:\t');
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{2,10}$/).filter((candidate) => !['find', 'hotel'].includes(candidate));
    fc.assert(
      fc.property(label, name, fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z ]{0,12}$/), (prefix, tool, key, value) => {
        const list = `[${tool}(${key}='${value}')]`;
        expect(parseDecision('native', `Checking.\n${prefix}${list}`, { tools }).success).toBe(false);
        const sentence = parseDecision('native', `I could try ${list} later.`, { tools });
        expect(sentence.success && sentence.decision.action).toBe('answer_user');
      }),
    );
  });

  it('property: a closed list of offered calls in prose is read exactly; cut before its `]`, it never runs', () => {
    const sentence = fc.constantFrom('', 'Checking.', 'Here is the plan:', 'I will look it up now.');
    const city = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
    fc.assert(
      fc.property(sentence, sentence, fc.constantFrom('find-flight', 'hotel_rates'), city, fc.nat(), (before, after, tool, place, at) => {
        const list = `[${tool}(city="${place}")]`;
        const text = `${before} ${list} ${after}`.trim();
        expect(callsOf(text), text).toEqual([[tool, { city: place }]]);
        const start = text.indexOf(list);
        const cut = text.slice(0, start + 1 + (at % (list.length - 1)));
        expect(callsOf(cut) ?? [], cut).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
