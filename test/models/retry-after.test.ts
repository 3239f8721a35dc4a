import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/models/retry-after.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('prefers retry-after-ms, then Retry-After seconds, then an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after-ms': '1500', 'retry-after': '9' }, now)).toBe(1500);
    expect(retryAfterMs({ 'Retry-After': '3' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }, now)).toBe(7000);
  });
  it('never goes negative for a date in the past, and ignores garbage', () => {
    expect(retryAfterMs({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
  it('reads any whole number of seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), (seconds) => {
        expect(retryAfterMs({ 'retry-after': String(seconds) }, now)).toBe(seconds * 1000);
      }),
    );
  });
});
