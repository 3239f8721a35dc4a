/**
 * A call object written in YAML (`command:` / `name:` and the arguments as a mapping under `input:` or
 * `arguments:`), as frameworks that prompt for YAML ask: the same call as its JSON object, read where
 * a JSON call object is read, corrected where it names no offered tool or gives no arguments, and
 * prose where it is quoted or is configuration. Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'grep_logs', inputSchema: { type: 'object', properties: { pattern: { type: 'string' }, limit: { type: 'integer' } }, required: ['pattern'] } },
  { name: 'shell', inputSchema: { type: 'object', properties: { argv: { type: 'array', items: { type: 'string' } } }, required: ['argv'] } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool') : undefined;
};

describe('YAML call objects', () => {
  it('reads a fenced mapping of a name and its arguments, after prose too, typed by the schema', () => {
    const text = 'Searching the logs now.\n```yaml\n# the failing job\ncommand: grep_logs\ninput:\n  pattern: timeout\n  limit: 20\n```';
    expect(callsOf(text)).toEqual([{ action: 'call_tool', tool: 'grep_logs', args: { pattern: 'timeout', limit: 20 }, reason: '' }]);
    expect(callsOf('```\nname: shell\narguments:\n  argv: [ls, -a]\n```')).toMatchObject([{ tool: 'shell', args: { argv: ['ls', '-a'] } }]);
    expect(callsOf('tool: grep_logs\nargs:\n  pattern: "404"')).toMatchObject([{ tool: 'grep_logs', args: { pattern: '404' } }]);
  });

  it('corrects a tool not offered, a name with no arguments, and arguments that are not a mapping', () => {
    const unknown = parse('```yaml\ncommand: curl_page\ninput:\n  url: http://localhost\n```');
    expect(unknown.success ? unknown.decision : unknown.error.message).toMatch(/unknown tool `curl_page`/);
    const alone = parse('```yaml\ncommand: grep_logs\n```');
    expect(alone.success ? alone.decision : alone.error.message).toMatch(/`grep_logs` gives no arguments/);
    const scalar = parse('command: grep_logs\ninput: timeout');
    expect(scalar.success ? scalar.decision : scalar.error.message).toMatch(/not a mapping/);
  });

  it('refuses two blocks where one call is allowed, and reads both where two are', () => {
    const two = '```yaml\ncommand: grep_logs\ninput:\n  pattern: a\n```\n```yaml\ncommand: grep_logs\ninput:\n  pattern: b\n```';
    expect(callsOf(two)).toBeUndefined();
    expect(callsOf(two, 2)?.map((call) => call.action === 'call_tool' && call.args)).toEqual([{ pattern: 'a' }, { pattern: 'b' }]);
  });

  it('reads a sequence of call mappings as those calls, and corrects one that mixes calls with other items', () => {
    const listed = '```yaml\n- tool: grep_logs\n  input:\n    pattern: a\n- tool: shell\n  input:\n    argv: [df]\n```';
    expect(callsOf(listed, 2)).toMatchObject([{ tool: 'grep_logs', args: { pattern: 'a' } }, { tool: 'shell', args: { argv: ['df'] } }]);
    const mixed = parse('```yaml\n- tool: grep_logs\n  input:\n    pattern: a\n- then check the disk\n```');
    expect(mixed.success ? mixed.decision : mixed.error.message).toMatch(/calls beside other items/);
    expect(callsOf('```yaml\n- first\n- second\n```')).toEqual([]);
  });

  it('keeps configuration and quoted examples as prose', () => {
    expect(callsOf('Use this:\n```yaml\nname: my-service\nargs:\n  - --port\n  - "80"\n```')).toEqual([]);
    expect(callsOf('Deploy with:\n```yaml\nname: web\nimage: nginx\nargs:\n  mode: fast\n```')).toEqual([]);
    expect(callsOf('The docs show:\n> ```yaml\n> command: grep_logs\n> input:\n>   pattern: x\n> ```')).toEqual([]);
  });

  it('property: a call means the same written as a JSON object or as a YAML mapping', () => {
    const word = fc.stringMatching(/^[a-z]{1,12}$/);
    const nameKey = fc.constantFrom('name', 'command', 'tool');
    const argsKey = fc.constantFrom('arguments', 'input', 'args', 'parameters');
    const lead = fc.constantFrom('', 'On it.\n', 'Checking:\n\n');
    fc.assert(
      fc.property(word, fc.integer({ min: 0, max: 999 }), nameKey, argsKey, lead, (pattern, limit, key, argsName, before) => {
        const args = { pattern, limit };
        const json = `${before}\`\`\`json\n${JSON.stringify({ name: 'grep_logs', arguments: args })}\n\`\`\``;
        const yaml = `${before}\`\`\`yaml\n${key}: grep_logs\n${argsName}:\n  pattern: ${pattern}\n  limit: ${limit}\n\`\`\``;
        expect(callsOf(yaml)).toEqual(callsOf(json));
        expect(callsOf(yaml)).toMatchObject([{ tool: 'grep_logs', args }]);
      }),
      { numRuns: 60 },
    );
  });
});
