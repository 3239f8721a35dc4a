/**
 * A flat JSON call that names its tool under a key of the prompt's own choosing (`tool-naming-key.ts`):
 * read only where the object reads one way (the value an offered tool's name, the key none of its
 * parameters, every other key a declared parameter or a thought), else left to the other readers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'lookup_part', inputSchema: { type: 'object', properties: { part: { type: 'string' }, depot: { type: 'string' } }, required: ['part'] } },
  { name: 'order_part', inputSchema: { type: 'object', properties: { part: { type: 'string' }, supplier: { type: 'string' } }, required: ['part'] } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const callsOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : 'refused';
};

describe('a tool named under a key of the prompt\'s choosing', () => {
  it('reads the object as that call, fenced or bare, thoughts kept apart', () => {
    expect(callsOf('{"step": "lookup_part", "part": "gasket 40mm"}')).toEqual([['lookup_part', { part: 'gasket 40mm' }]]);
    expect(callsOf('```json\n{"next_source": "order_part", "part": "valve", "supplier": "Nordtek"}\n```')).toEqual([['order_part', { part: 'valve', supplier: 'Nordtek' }]]);
    const withNotes = read('{"scratchpad": "The depot list is stale, check Bergen.", "step": "lookup_part", "part": "fuse", "depot": "Bergen"}');
    expect(withNotes).toMatchObject({ success: true, decisions: [{ tool: 'lookup_part', args: { part: 'fuse', depot: 'Bergen' } }], thoughts: [{ content: 'The depot list is stale, check Bergen.' }] });
  });

  it('never reads a key the tool does not declare into an argument, nor a parameter as the name', () => {
    expect(callsOf('{"step": "lookup_part", "part": "fuse", "colour": "red"}')).not.toEqual([['lookup_part', { part: 'fuse' }]]);
    // No parameter beside the name: nothing to read as its arguments (a correction, as `{"name": ..}` alone is).
    expect(callsOf('{"step": "lookup_part"}')).toBe('refused');
    // `supplier` is order_part's parameter: its value is an argument, so the key names no call.
    expect(callsOf('{"supplier": "order_part", "part": "valve"}')).not.toEqual([['order_part', { part: 'valve' }]]);
  });

  it('reads no call where two keys could each name one', () => {
    const twoWays: ToolSpec[] = [
      { name: 'ship', inputSchema: { type: 'object', properties: { carrier: { type: 'string' }, weight: { type: 'number' } } } },
      { name: 'weigh', inputSchema: { type: 'object', properties: { via: { type: 'string' }, weight: { type: 'number' } } } },
    ];
    const result = parseDecision('native', '{"via": "ship", "carrier": "weigh", "weight": 3}', { tools: twoWays });
    expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool')).toBe(false);
  });

  it('reads the one key beside thoughts and an arguments object that names an offered tool; never JSON-RPC\'s method', () => {
    const noted = read('{"scratchpad": "Bergen first.", "step": "lookup_part", "args": {"part": "fuse"}}');
    expect(noted).toMatchObject({ success: true, decisions: [{ tool: 'lookup_part', args: { part: 'fuse' } }], thoughts: [{ content: 'Bergen first.' }] });
    // Another key beside them, or two keys naming tools: no reading of this kind.
    expect(callsOf('{"scratchpad": "x", "step": "order_part", "priority": "high", "args": {"part": "valve"}}')).not.toEqual([['order_part', { part: 'valve' }]]);
    expect(callsOf('{"scratchpad": "x", "step": "order_part", "fallback": "lookup_part", "args": {"part": "valve"}}')).not.toEqual([['order_part', { part: 'valve' }]]);
    expect(callsOf('{"scratchpad": "x", "method": "order_part", "params": {"part": "valve"}}')).not.toEqual([['order_part', { part: 'valve' }]]);
  });

  it('property: any undeclared key naming an offered tool beside its parameters is exactly that call', () => {
    const key = fc.stringMatching(/^[a-z]{2,8}(?:_[a-z]{2,6})?$/).filter((name) => !['part', 'depot', 'supplier', 'name', 'tool', 'function', 'action', 'id', 'type', 'index'].includes(name) && !/thought|reason|scratchpad|reply|explanation|thinking|rationale|discussion|headline|arg|param|input/.test(name));
    const text = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
    fc.assert(
      fc.property(key, text, fc.option(text, { nil: undefined }), (nameKey, part, depot) => {
        const args = depot === undefined ? { part } : { part, depot };
        expect(callsOf(JSON.stringify({ [nameKey]: 'lookup_part', ...args }))).toEqual([['lookup_part', args]]);
        // One key the tool does not declare: never a call with the others as its arguments.
        expect(callsOf(JSON.stringify({ [nameKey]: 'lookup_part', ...args, colour_code: 'x' }))).not.toEqual([['lookup_part', args]]);
        // The same call with its arguments under their own key, beside the model's notes.
        if (nameKey !== 'method') expect(callsOf(JSON.stringify({ scratchpad: 'Check it.', [nameKey]: 'lookup_part', arguments: args }))).toEqual([['lookup_part', args]]);
      }),
      { numRuns: 200 },
    );
  });
});
