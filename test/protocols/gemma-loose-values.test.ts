/**
 * Gemma 4 / FunctionGemma values written without their quote token (Ollama issue 15315's shapes):
 * read where the text has one reading, corrected where it has two or may be cut off.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const stringTool = (name: string, keys: readonly string[], extra: Record<string, unknown> = {}): ToolSpec => ({
  name,
  inputSchema: { type: 'object', properties: { ...Object.fromEntries(keys.map((key) => [key, { type: 'string' }])), ...extra } },
});
const tools = [stringTool('write', ['content', 'mode']), stringTool('bash', ['command', 'path']), stringTool('grep', ['include', 'pattern', 'path']), stringTool('count', ['label'], { n: { type: 'integer' }, tags: { type: 'array' } })];
const read = (text: string) => {
  const result = parseDecision('native', text, { tools, maxActions: 2 });
  return result.success ? { calls: result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])), repaired: result.repaired } : { refused: result.error.message };
};
const gemma = (body: string) => `<|tool_call>call:${body}<tool_call|>`;

describe('Gemma values without quote tokens', () => {
  it.each([
    ['raw text before a quoted argument', gemma('write{content:hello,mode:<|"|>fast<|"|>}'), ['write', { content: 'hello', mode: 'fast' }]],
    ['raw text as the last argument', gemma('write{mode:<|"|>fast<|"|>,content:see a}b, then c.}'), ['write', { mode: 'fast', content: 'see a}b, then c.' }]],
    ['raw text that is no JSON literal', gemma('write{content:1.2.3}'), ['write', { content: '1.2.3' }]],
    ['an unclosed quote token before the closing }', gemma('bash{command:<|"|>ls}'), ['bash', { command: 'ls' }]],
    ['an unclosed quote token in the last argument', gemma('bash{path:<|"|>/tmp<|"|>,command:<|"|>echo {a}}'), ['bash', { path: '/tmp', command: 'echo {a}' }]],
    ['a single-quoted string between arguments', gemma("grep{include:<|\"|>*.py<|\"|>,pattern:'abc',path:<|\"|>/tmp<|\"|>}"), ['grep', { include: '*.py', pattern: 'abc', path: '/tmp' }]],
    ['a single-quoted string whose backslashes Python keeps', gemma("grep{pattern:':\\s*\\w+'}"), ['grep', { pattern: ':\\s*\\w+' }]],
    ['a single-quoted string in a list', gemma("count{tags:['a','b c']}"), ['count', { tags: ['a', 'b c'] }]],
  ])('reads %s, and says it was repaired', (_name, text, call) => {
    expect(read(text)).toEqual({ calls: [call], repaired: true });
  });

  it('reads the same shapes in FunctionGemma', () => {
    expect(read('<start_function_call>call:write{content:hello,mode:<escape>fast<escape>}<end_function_call>')).toEqual({ calls: [['write', { content: 'hello', mode: 'fast' }]], repaired: true });
    expect(read('<start_function_call>call:bash{command:<escape>ls}<end_function_call>')).toEqual({ calls: [['bash', { command: 'ls' }]], repaired: true });
  });

  it.each([
    // Two readings: one text, or two arguments.
    ['raw text holding `,key:` before the end', gemma('write{content:hello,mode:fast}'), /one value or two arguments/],
    ['raw text with two `,key:` before a quoted value', gemma('write{content:a, b: c,mode:<|"|>fast<|"|>}'), /end is not clear/],
    ['an unclosed string holding `,key:`', gemma('bash{command:<|"|>ls,path:/tmp}'), /one value or two arguments/],
    ['an unclosed string before another argument', gemma('bash{command:<|"|>ls,path:<|"|>/tmp<|"|>}'), /could not be read/],
    // The next quote token, in the next call, is taken as the closing one: the reading then fails.
    ['an unclosed string before another call', `${gemma('bash{command:<|"|>ls}')}${gemma('write{content:<|"|>x<|"|>}')}`, /could not be read/],
    // Space at a boundary: layout or text?
    ['space between an unclosed string and }', gemma('bash{command:<|"|>ls\n}'), /space between/],
    ['space between raw text and }', gemma('write{content:hello }'), /space between/],
    ['space after the colon of raw text', gemma('write{content: hello}'), /space after the colon/],
    // The object's } is never supplied: `x}<tool_call|>` would then have two readings.
    ['raw text with no } before the end token', gemma('write{content:\n\n# Guide\n\nText.'), /not readable/],
    ['an unclosed string with no } before the end token', gemma('bash{command:<|"|>ls'), /not closed before/],
    // No end token: the call may be cut off inside the value.
    ['raw text with no end token', '<|tool_call>call:write{content:hello}', /no <tool_call\|> ends the call/],
    ['an unclosed string with no end token', '<|tool_call>call:bash{command:<|"|>ls}', /no <tool_call\|> ends the call/],
    // Raw text only where the schema takes text only.
    ['raw text for an integer', gemma('count{n:five}'), /not readable/],
    ['raw text for an undeclared property', gemma('count{other:five}'), /not readable/],
    ['raw text inside a nested list', gemma('count{tags:[a,b]}'), /not readable/],
    ['an unclosed string inside a list', gemma('count{tags:[<|"|>a]}'), /not closed/],
    // A single quote with another reading.
    ["a '-quoted string followed by a quote token", gemma("grep{pattern:':\\s*\\w+'<|\"|>}"), /must be followed by , or \}/],
    ["a '-quoted string holding an escape", gemma("write{content:'a\\nb'}"), /backslash escape/],
    ["a '-quoted string holding an apostrophe", gemma("write{content:'it's here'}"), /must be followed by , or \}/],
    ["an unclosed '-quoted string", gemma("write{content:'abc}"), /' is not closed/],
    ['raw text holding a special token', gemma('write{content:hi<|channel>x}'), /special token/],
  ])('refuses %s', (_name, text, message) => {
    const result = read(text);
    expect(result).toHaveProperty('refused');
    expect((result as { refused: string }).refused).toMatch(message);
  });
});
