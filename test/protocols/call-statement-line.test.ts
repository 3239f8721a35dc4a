/**
 * A line holding only an offered tool's call, whatever its arguments, is a call the model meant to
 * run: read where a reader reads it, otherwise corrected, never returned as the answer
 * (`call-statement-line.ts`). Prose naming a function inside a sentence, a Markdown list of functions
 * and the tool's signature stay prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'MeasureLoad', inputSchema: { type: 'object', properties: {} } },
  { name: 'scan_volume', inputSchema: { type: 'object', properties: { mount: {} } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('a call written as a line of its own', () => {
  it.each([
    ['a path as its argument, after a bare call', 'Checking the host now.\nMeasureLoad()\nscan_volume(/var/data)\n'],
    ['an address as its argument', 'First this:\nscan_volume(10.1.2.3)'],
  ])('%s is corrected, naming the tool', (_label, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toMatch(/MeasureLoad|scan_volume/);
  });

  it('keeps prose that names a function, lists functions or shows a signature', () => {
    for (const text of [
      'You could call MeasureLoad() first and scan_volume(mount) after it.',
      'Functions I know:\n- MeasureLoad()\n- scan_volume(/data)',
      'Its signature is:\nscan_volume(mount)\nIt takes one mount point.',
      '> scan_volume(/data)\nis what the manual shows.',
      'Note:\nMeasureLoad()\nis how to measure.',
      'Tools:\nscan_volume (checks a mount)',
    ]) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('property: prose, then a line holding only a call with any arguments, is never the answer', () => {
    const argument = fc.stringMatching(/^[\w./:@ -]{1,24}$/).filter((value) => value.trim() !== 'mount' && value.trim() !== ''); // `name( )` holds no argument: a bare `name()`, prose
    fc.assert(
      fc.property(fc.constantFrom('scan_volume', 'MeasureLoad'), argument, fc.constantFrom('', 'Done soon.'), (name, value, after) => {
        const text = `Let me look.\n${name}(${value})\n${after}`;
        expect(answered(text)).toBe(false);
      }),
    );
  });
});
