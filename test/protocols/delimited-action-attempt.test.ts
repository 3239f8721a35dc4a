/**
 * An action set off by three backticks in the middle of a line (web and desktop agents' "the next
 * action I will perform is ```press [7]```") is a call attempt, corrected, never the answer; code
 * quoted with one backtick and fenced examples stay prose. Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'press', inputSchema: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] } },
  { name: 'open_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
  { name: 'halt', inputSchema: { type: 'object', properties: { reply: { type: 'string' } }, required: ['reply'] } },
];

const parse = (text: string) => parseDecision('native', text, { tools });

describe('an action set off by three backticks inside a line', () => {
  it('corrects a bracketed action naming an offered tool, never answering with it', () => {
    const result = parse('The login link is element 31. So the next step I take is ```press [31]```');
    expect(result).toMatchObject({ success: false });
    if (!result.success) expect(result.error.message).toContain('press');
  });

  it('corrects one with several brackets or parentheses', () => {
    expect(parse('Done reading. My action: ```halt [the fare is 12 EUR]```').success).toBe(false);
    expect(parse('Next: ```open_page("https://example.org/timetable")```').success).toBe(false);
  });

  it('keeps one backtick, a fence on its own lines, and a span naming no tool as prose', () => {
    for (const text of [
      'The page has a button; the `press [31]` step is up to you.',
      'An example of the format:\n```\npress [31]\n```\nThat is all.',
      'Run ```ls -la [dir]``` to see the files.',
      'The word press ```[31]``` means nothing here.',
    ]) {
      expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('property: every offered tool with any bracketed argument mid-line is never the answer', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}[a-z]$/);
    const argument = fc.stringMatching(/^[A-Za-z0-9$ .-]{1,20}$/);
    // Brackets around the bare value, or a JSON object of it (`{"target": ..}`).
    const written = fc.constantFrom((value: string) => `[${value}]`, (value: string) => `(${value})`, (value: string) => JSON.stringify({ target: value }));
    fc.assert(
      fc.property(words, fc.constantFrom(...tools.map((tool) => tool.name)), argument, written, (lead, name, value, write) => {
        const result = parse(`${lead} ${'```'}${name} ${write(value)}${'```'}`);
        expect(result.success).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
