/**
 * ChatGLM3 tool calls: the tool's name on the first line, then `tool_call(..)` with keyword arguments
 * in a code fence. Written for reins (issue 25: a body is never stuffed into one field by guess).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { checkRoundTrip } from './dialect-round-trip.ts';

const tools: ToolSpec[] = [
  { name: 'find_train', inputSchema: { type: 'object', properties: { origin: { type: 'string' }, seats: { type: 'integer' } }, required: ['origin'] } },
  { name: 'lookup', inputSchema: { type: 'object', properties: { term: {} }, required: ['term'] } },
];
const read = (text: string) => {
  const result = parseDecision('native', text, { tools });
  if (!result.success) return `refused: ${result.error.message}`;
  return result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action));
};

describe('ChatGLM3 tool calls', () => {
  it('reads the keyword arguments of tool_call(..) in the fence as the named tool\'s arguments', () => {
    expect(read('find_train\n```python\ntool_call(origin="Lyon", seats=2)\n```')).toEqual([['find_train', { origin: 'Lyon', seats: 2 }]]);
    // ChatGLM3 puts a space before the fence and ends with its observation token.
    expect(read("lookup\n ```python\ntool_call(term='tide tables')\n```<|observation|>")).toEqual([['lookup', { term: 'tide tables' }]]);
  });

  it('never hands the fenced code to a lone argument as text', () => {
    for (const text of ['lookup\n```python\ntool_call("tide tables")\n```', 'lookup\n```python\nsearch(term="tide tables")\n```', 'lookup\n```python\ntool_call(term="a")\ntool_call(term="b")\n```']) {
      const reading = read(text);
      expect(reading, text).toMatch(/^refused/);
    }
  });

  it('reads a call of a tool that is not offered as that unknown tool, a correction', () => {
    expect(read('book_flight\n```python\ntool_call(origin="Lyon")\n```')).toMatch(/^refused: .*book_flight/);
  });

  it('reads the block after prose when its name line names an offered tool, and prose after the fence as prose', () => {
    expect(read('Let me look that up.\nlookup\n```python\ntool_call(term="tides")\n```')).toEqual([['lookup', { term: 'tides' }]]);
    expect(read('lookup\n```python\ntool_call(term="tides")\n```\nI will wait for the result.')).toEqual([['lookup', { term: 'tides' }]]);
    // Functionary's raw text never takes the fenced call with the prose after it as one argument.
    expect(read('lookup\nsee:\n```python\nfind(term="tides")\n```\nok')).toMatch(/^refused/);
  });

  it('leaves other fenced code after a first line to the other readers', () => {
    expect(read('Here is the plan\n```python\nprint("hello")\n```')).toEqual(['answer_user']);
  });

  it('property: any keyword arguments written as tool_call(..) read back as the same object', () => {
    const text = fc.string({ maxLength: 12 }).filter((value) => !/[\\\n\r]/.test(value));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 999 }), fc.constantFrom('"', "'"), (origin, seats, quote) => {
        const literal = `${quote}${origin.replaceAll(quote, `\\${quote}`)}${quote}`;
        expect(read(`find_train\n\`\`\`python\ntool_call(origin=${literal}, seats=${seats})\n\`\`\``)).toEqual([['find_train', { origin, seats }]]);
      }),
      { numRuns: 200 },
    );
  });

  it('reads back what ChatGLM3 writes: the same call or a correction, never another call', () => {
    // JSON literals are Python literals here (strings, numbers, lists, dicts; `true`/`null` as the reader takes them).
    const keywords = ({ args }: { args: Record<string, unknown> }) => Object.entries(args).map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ');
    checkRoundTrip({ name: 'chatglm3', render: (call) => `${call.name}\n\`\`\`python\ntool_call(${keywords(call)})\n\`\`\`` });
  }, 300_000);
});
