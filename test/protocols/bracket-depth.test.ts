/**
 * Hostile reply shapes (issue 27): a reply that opens a hundred thousand brackets is refused by one
 * linear scan before any reader or JSON repair walks it, in every protocol, with a correction that
 * says why; a reply that only looks deep (balanced, or under the bound) is read as before.
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/parse-decision.ts';
import { maxBracketDepth, nestsTooDeep } from '../../src/protocols/extract/bracket-depth.ts';
import { protocolNames } from '../../src/protocols/protocol-names.ts';

const tools = [{ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } }];
const deep = 100_000;
const replies = {
  'open braces': '{'.repeat(deep),
  'open brackets': '['.repeat(deep),
  'a call whose args open without end': `{"action":"call_tool","tool":"add","args":${'[{'.repeat(deep / 2)}`,
  'prose, then the brackets': `Sure, here it is: <tool_call>${'{"a":'.repeat(deep)}`,
};

describe.each(protocolNames)('a %s reply nested 100,000 levels deep', (protocol) => {
  it.each(Object.entries(replies))('%s: refused with the nesting named, before any reader', (_shape, text) => {
    const result = parseDecision(protocol, text, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain(`nested more than ${maxBracketDepth} levels deep`);
  });
});

describe('nestsTooDeep', () => {
  it('counts the deepest nesting, not the number of brackets', () => {
    expect(nestsTooDeep('[]'.repeat(deep))).toBe(false);
    expect(nestsTooDeep('{'.repeat(maxBracketDepth) + '}'.repeat(maxBracketDepth))).toBe(false);
    expect(nestsTooDeep('{'.repeat(maxBracketDepth + 1))).toBe(true);
    expect(nestsTooDeep(`${']'.repeat(deep)}{}`)).toBe(false);
  });

  it('leaves a clean call to the readers', () => {
    const result = parseDecision('json', '{"action":"call_tool","tool":"add","args":{"a":1,"b":2},"reason":"sum"}', { tools });
    expect(result.success && result.decision).toEqual({ action: 'call_tool', tool: 'add', args: { a: 1, b: 2 }, reason: 'sum' });
  });
});
