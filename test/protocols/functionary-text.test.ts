/**
 * Functionary v3.2 replies whose `>>>` the chat template wrote into the prompt (llama.cpp prefills it):
 * the reply starts with the recipient, `all` for text to the user or a tool's name. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const python: ToolSpec = { name: 'python', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } };
const weather: ToolSpec = { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } };
const tools = [python, weather];

describe('Functionary v3.2 recipients', () => {
  it('reads `all` on the first line as the recipient of the text that follows, with or without >>>', () => {
    for (const text of ['all\nHello, world!\nWhat is up?', '>>>all\nHello, world!\nWhat is up?']) {
      const result = parseDecision('native', text, { tools });
      expect(result).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: 'Hello, world!\nWhat is up?' }] });
    }
  });

  it("reads a known tool's name on the first line, then raw text, as that tool's lone text argument", () => {
    const result = parseDecision('native', "python\n# a program\nprint('hey')", { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'python', args: { code: "# a program\nprint('hey')" } }] });
  });

  it("reads raw code for a `python` tool that declares no arguments as its `code`, as Functionary's server does", () => {
    const bare: ToolSpec = { name: 'python', inputSchema: { type: 'object' } };
    const result = parseDecision('native', "python\n# a program\nprint('hey')", { tools: [bare] });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'python', args: { code: "# a program\nprint('hey')" } }] });
    const other = parseDecision('native', 'get_weather\nOslo', { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] });
    expect(other.success).toBe(false);
  });

  it('corrects a fenced call written as the raw text, never handing the code to the lone argument', () => {
    const search: ToolSpec = { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } };
    const result = parseDecision('native', 'search\n```python\nfind(query="tides")\n```', { tools: [search] });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('search');
    const code = parseDecision('native', 'python\n```python\nprint(1)\n```', { tools });
    expect(code.success).toBe(true);
  });

  it('corrects raw text for a tool that takes no lone text argument, never answering with it', () => {
    const result = parseDecision('native', 'get_weather\nOslo for three days', { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('get_weather');
  });

  it('keeps prose whose first line is a word that names no offered tool, or that starts with `all` in a sentence', () => {
    expect(parseDecision('native', 'python\nis a language.', { tools: [weather] })).toMatchObject({ success: true, decisions: [{ answer: 'python\nis a language.' }] });
    expect(parseDecision('native', 'all of them are here', { tools })).toMatchObject({ success: true, decisions: [{ answer: 'all of them are here' }] });
  });
});
