/**
 * The application's own large enum (issue 27): the size limits protect reins from hostile servers'
 * schemas, not from the application. `defineTool` with an enum of 10 000 or 100 000 values works,
 * and the work of compiling and checking it grows linearly with the number of values (counted
 * here as reads of the enum's items, through a Proxy: Ajv's meta-schema check of `uniqueItems`
 * used to compare every pair). A server's schema over the limits is refused as too large.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { schemaProblem, validateToolArgs } from '../../src/tools/schema-validator.ts';
import { collect, ofType } from '../loop/helpers.ts';

const valuesOf = (count: number): string[] => Array.from({ length: count }, (_, index) => `city-${index}`);

function pickTool(values: readonly string[]) {
  const input = { type: 'object', properties: { city: { type: 'string', enum: values } }, required: ['city'], additionalProperties: false };
  return defineTool({ name: 'pick', description: 'Picks a city.', input, execute: ({ city }) => `picked ${String(city)}` });
}

/** An enum whose item reads are counted (index reads and iteration alike). */
function countedValues(count: number): { values: string[]; reads: () => number } {
  let reads = 0;
  const values = new Proxy(valuesOf(count), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { values, reads: () => reads };
}

describe("the application's own large enum", () => {
  it.each([10_000, 100_000])('defineTool with %i values works: the last value validates, another is refused with a short message', (count) => {
    const tool = pickTool(valuesOf(count));
    expect(validateToolArgs(tool.spec, { city: `city-${count - 1}` })).toEqual({ ok: true });
    const refused = validateToolArgs(tool.spec, { city: 'atlantis' });
    expect(refused.ok).toBe(false);
    const details = refused.ok ? [] : refused.details;
    expect(details[0]).toMatch(/^`\/city` must be one of \["city-0","city-1",/);
    expect(details[0]!.length).toBeLessThan(300);
  });

  it('is compiled and checked in work linear in its size', () => {
    const work = (count: number): number => {
      const { values, reads } = countedValues(count);
      const tool = pickTool(values);
      expect(validateToolArgs(tool.spec, { city: `city-${count - 1}` })).toEqual({ ok: true });
      return reads();
    };
    const small = work(2_000);
    const large = work(20_000);
    // Ten times the values: about ten times the reads (a pairwise check would be a hundred times).
    expect(large / small).toBeLessThan(12);
    expect(large).toBeLessThan(20 * 20_000);
  });

  it('a run over it: a clean call runs, a wrong value is corrected', async () => {
    const tool = pickTool(valuesOf(100_000));
    const model = new ScriptedModel([
      JSON.stringify({ action: 'call_tool', tool: 'pick', args: { city: 'atlantis' }, reason: 'try' }),
      JSON.stringify({ action: 'call_tool', tool: 'pick', args: { city: 'city-99999' }, reason: 'try' }),
      JSON.stringify({ action: 'answer_user', answer: 'done' }),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [tool], protocol: 'json' }).run('pick one'));
    expect(result.status).toBe('answered');
    expect(ofType(events, 'output-invalid').map((event) => event.kind)).toEqual(['invalid-args']);
    expect(ofType(events, 'tool-result')[0]?.result.content).toEqual([{ type: 'text', text: 'picked city-99999' }]);
  });

  it('repeated values are still refused, as the draft-07 meta-schema says', () => {
    const values = [...valuesOf(5_000), 'city-7'];
    expect(() => pickTool(values)).toThrow(ConfigError);
    expect(() => pickTool(values)).toThrow(/enum/);
  });
});

describe('a schema from outside the application over the limits', () => {
  it('is refused as too large, not as invalid', () => {
    const schema = { type: 'object', properties: { city: { enum: valuesOf(1_001) } } };
    const problem = schemaProblem(schema);
    expect(problem?.reason).toBe('schema-too-large');
    expect(problem?.detail).toMatch(/too large/);
    expect(problem?.detail).not.toMatch(/invalid/i);
  });

  it('nesting deeper than the stack allows is refused as too large even in defineTool', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100; level += 1) deep = { type: 'object', properties: { a: deep } };
    expect(() => defineTool({ name: 'deep', description: '', input: deep, execute: () => '' })).toThrow(/Tool deep has an input JSON Schema that is too large/);
  });
});
