/**
 * Gorilla OpenFunctions' list of call strings (`["name(key='value')", ..]`), as mlc-llm serves it:
 * read when every item is one call of an offered tool, an answer when none is, corrected otherwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'find_ferry', inputSchema: { type: 'object', properties: { port: { type: 'string' }, cars: { type: 'integer' } }, required: ['port'] } },
  { name: 'list_ports', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });

describe('a list of call strings', () => {
  it('reads every item as its call, in order', () => {
    const result = parse(`["find_ferry(port='Kiel', cars=1)", "list_ports()"]`, 2);
    expect(result.success && result.decisions).toEqual([call('find_ferry', { port: 'Kiel', cars: 1 }), call('list_ports', {})]);
  });

  it('answers a list of strings that holds no call of an offered tool, and corrects one that mixes calls with other items', () => {
    for (const text of ['["print(1)", "len(x)"]', '["Kiel", "Oslo"]', '["book_hotel(city=\'Kiel\')"]']) {
      const result = parse(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
    for (const text of [`["find_ferry(port='Kiel')", "and more"]`, `["find_ferry(port='Kiel')", "find_ferry(port="]`]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('reads a list standing after prose, and leaves one shown as code or in a blockquote as an example', () => {
    const after = parse(`Checking the ports first.\n["list_ports()"]`);
    expect(after.success && after.decisions).toEqual([call('list_ports', {})]);
    for (const text of ['The model writes `["list_ports()"]` for that.', 'It wrote:\n> ["list_ports()"]\nwhich lists them.']) {
      const result = parse(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
  });

  it('property: any calls written as call strings read back as those calls', () => {
    const port = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,10}[a-z]$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(port, fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 3 }), (ferries) => {
        const text = JSON.stringify(ferries.map(([name, cars]) => `find_ferry(port=${JSON.stringify(name)}, cars=${cars})`));
        const result = parse(text, ferries.length);
        expect(result.success && result.decisions).toEqual(ferries.map(([name, cars]) => call('find_ferry', { port: name, cars })));
      }),
    );
  });
});
