/** The envelope's run variables: what `$(state.x)`, `$(steps.<n>.result)` and `$(last.<tool>)` name as results come back. */
import { describe, expect, it } from 'vitest';
import { RunVariables } from '../../src/protocols/envelope/run-variables.ts';

describe('RunVariables', () => {
  it('reads `last.<tool>` as unknown before any result and as the latest text after', () => {
    const variables = new RunVariables({ city: 'Oslo' });
    expect(variables.known()).toEqual({ state: ['city'], results: 0, lastTools: [] });
    expect(variables.resolve({ kind: 'last', tool: 'noop' } as never).ok).toBe(false);
    expect(variables.addResult('noop', { content: [{ type: 'text', text: 'one' }] })).toBe('steps.1');
    expect(variables.addResult('noop', { content: [{ type: 'text', text: 'two' }] })).toBe('steps.2');
    expect(variables.addResult('other', { content: [{ type: 'text', text: 'three' }] })).toBe('steps.3');
    expect(variables.known()).toEqual({ state: ['city'], results: 3, lastTools: ['noop', 'other'] });
    expect(variables.resolve({ kind: 'last', tool: 'noop' } as never)).toEqual({ ok: true, text: 'two' });
    expect(variables.resolve({ kind: 'last', tool: 'other' } as never)).toEqual({ ok: true, text: 'three' });
  });

  it('names every result steps.<n>, in two runs alike', () => {
    for (let run = 0; run < 2; run++) {
      const variables = new RunVariables();
      for (let n = 1; n <= 1100; n++) expect(variables.addResult('t', { content: [] })).toBe(`steps.${n}`);
    }
  });
});
