/**
 * No flag arguments and no unused parameters on the public surface: an error result has its own
 * function (`errorResult`), and a codec's correction depends only on the error.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorResult, getCodec, textResult } from '../../src/index.ts';
import { InvalidDecisionError } from '../../src/errors/invalid-decision-error.ts';
import type { Codec } from '../../src/protocols/codec.ts';

describe('tool result and codec surface', () => {
  it('textResult makes a plain result, errorResult an error result; textResult takes no flag', () => {
    expect(textResult('fine')).toEqual({ content: [{ type: 'text', text: 'fine' }] });
    expect(errorResult('broken')).toEqual({ content: [{ type: 'text', text: 'broken' }], isError: true });
    expect(textResult.length).toBe(1);
  });

  it('Codec.correction takes only the error', () => {
    expectTypeOf<Parameters<Codec['correction']>>().toEqualTypeOf<[InvalidDecisionError]>();
    const error = new InvalidDecisionError('bad json', { kind: 'invalid-json', rawText: '{' });
    expect(getCodec('json').correction(error)).toContain('bad json');
  });
});
