/**
 * `sanitizeName` returns a name that is already safe as it is (no copies): it must equal the full
 * reduction (unsafe characters removed, 64 characters kept, `?` for nothing) on any value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeName } from '../../src/protocols/sanitize.ts';

const reduced = (value: unknown): string => {
  const safe = String(value).replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64);
  return safe === '' ? '?' : safe;
};

describe('sanitizeName', () => {
  it('equals the full reduction on safe names of every length, unsafe text and other values', () => {
    const safe = fc.string({ unit: fc.constantFrom(...'aZ09_.-'), maxLength: 80 });
    const any = fc.oneof(safe, fc.string({ maxLength: 80 }), fc.string({ unit: fc.constantFrom(...'aZ9_.- \n<>é😀'), maxLength: 80 }), fc.integer(), fc.constant(undefined));
    fc.assert(fc.property(any, (value) => sanitizeName(value) === reduced(value)), { numRuns: 2000 });
    for (const length of [0, 1, 63, 64, 65, 200]) expect(sanitizeName('a'.repeat(length))).toBe(reduced('a'.repeat(length)));
  });
});

describe('corrections name an offered tool as the caller wrote it', () => {
  it('keeps characters outside the safe alphabet in an offered tool name (a model name is still reduced)', async () => {
    const { parseDecision } = await import('../../src/protocols/index.ts');
    const tools = [{ name: 'ns:lookup', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];
    const invalid = parseDecision('native', '{"name": "ns:lookup", "arguments": {"q": 3}}', { tools });
    expect(invalid.success ? 'accepted' : invalid.error.message).toBe('invalid args for tool `ns:lookup`');
    const unknown = parseDecision('native', '{"name": "ns:<b>other", "arguments": {}}', { tools });
    expect(unknown.success ? 'accepted' : unknown.error.message).toMatch(/unknown tool `nsbother`, available: .*ns:lookup/);
  });
});
