/**
 * The action formats of coding agents that read a command from plain text: mini-swe-agent's
 * `mswea_bash_command` fence (a call of `bash`), SWE-agent's `{"thought", "command": {..}}` turns,
 * and an argument element written without its tool (`<command>..</command>`), which is a call
 * attempt, never the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const bash: ToolSpec = { name: 'bash', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } };
const lookup: ToolSpec = { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' }, limit: { type: 'integer' } }, required: ['term'] } };
const tools = [bash, lookup];
const parse = (text: string, maxActions = 1, offered: readonly ToolSpec[] = tools) => parseDecision('native', text, { tools: offered, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool').map((call) => call.action === 'call_tool' && [call.tool, call.args]) : undefined;
};
const fence = (command: string) => `\`\`\`mswea_bash_command\n${command}\n\`\`\``;
const RUNS = 60;

describe('mini-swe-agent command fences', () => {
  it.each([
    ['the whole reply', fence('du -sh /var/log'), 'du -sh /var/log'],
    ['after a THOUGHT line', `THOUGHT: the logs may be large.\n\n${fence('du -sh /var/log')}`, 'du -sh /var/log'],
    ['between prose', `Checking sizes.\n${fence('  du -sh /var/log  ')}\nThen I decide.`, 'du -sh /var/log'],
    ['several lines, a here-document', fence("cat <<'END' > notes.txt\nfirst\nEND\nwc -l notes.txt"), "cat <<'END' > notes.txt\nfirst\nEND\nwc -l notes.txt"],
  ])('a block as %s is a call of bash with its command', (_label, text, command) => {
    expect(callsOf(text)).toEqual([['bash', { command }]]);
  });

  it('two blocks are two calls: one call per turn refuses them, more allowed runs both in order', () => {
    const text = `${fence('mkdir out')}\n${fence('ls out')}`;
    expect(parse(text).success).toBe(false);
    expect(callsOf(text, 2)).toEqual([
      ['bash', { command: 'mkdir out' }],
      ['bash', { command: 'ls out' }],
    ]);
  });

  it('a block never closed is corrected as cut off', () => {
    const result = parse('Listing.\n```mswea_bash_command\nls -la /srv');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('not closed');
  });

  it('without a bash tool on offer the block is an unknown tool, never given to another tool', () => {
    const result = parse(fence('ls'), 1, [lookup]);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.kind).toBe('unknown-tool');
  });

  it.each([
    ['a fence labelled with a language', 'Run this yourself:\n```bash\nls -la\n```'],
    ['a block shown inside a longer fence', 'The format:\n````\n```mswea_bash_command\nls -la\n```\n````\nThat is all.'],
  ])('%s stays the answer', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision).toMatchObject({ action: 'answer_user' });
  });

  it.each([
    ['a block holding no command', '```mswea_bash_command\n   \n```', 'no command'],
    ['a label line holding more', '```mswea_bash_command ls -la\n```', 'must end its line'],
    ['a label cut off right after it', 'Listing now.\n```mswea_bash_command', 'not closed'],
    ['a label left in reasoning never closed', '<think>\nThe plan: a ```mswea_bash_command block with ls', 'must end its line'],
  ])('%s is corrected, never run or answered', (_label, text, message) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain(message);
  });

  it('a thinking model may write its block before closing <think>', () => {
    expect(callsOf(`<think>\nThe logs first.\n${fence('du -sh /var/log')}`)).toEqual([['bash', { command: 'du -sh /var/log' }]]);
  });

  it('property: any command reads back trimmed; cut anywhere before the closing fence it never runs; quoted it never runs', () => {
    const line = fc.stringMatching(/^[a-z0-9 ./|&;$'"=<>-]{1,30}$/).filter((text) => !text.trimStart().startsWith('```'));
    const command = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n')).filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(command, fc.nat(), (written, at) => {
        const text = fence(written);
        expect(callsOf(text), text).toEqual([['bash', { command: written.trim() }]]);
        const cut = text.slice(0, text.indexOf('\n') + 1 + (at % (text.length - text.indexOf('\n') - 3)));
        expect(callsOf(cut) ?? [], cut).toEqual([]);
        const quoted = `For example:\n> ${text.split('\n').join('\n> ')}\nThat is all.`;
        expect(callsOf(quoted) ?? [], quoted).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('SWE-agent thought-and-command turns', () => {
  it('reads the command as a call and keeps the thought', () => {
    const result = parse('{"thought": "Find the term first", "command": {"name": "lookup", "arguments": {"term": "tide", "limit": 3}}}');
    expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'lookup', args: { term: 'tide', limit: 3 } });
    expect(result.success && result.thoughts).toEqual([{ type: 'PLAN', content: 'Find the term first' }]);
  });

  it('a command without arguments is a call without arguments, as SWE-agent reads it', () => {
    const noArgs: ToolSpec = { name: 'submit', inputSchema: { type: 'object', properties: {} } };
    const result = parse('{"thought": "All done", "command": {"name": "submit"}}', 1, [noArgs]);
    expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'submit', args: {} });
  });

  it.each([
    ['a command that is not offered', '{"thought": "Read it", "command": {"name": "cat", "arguments": {"path": "a.txt"}}}', 'unknown-tool'],
    ['a key beside the thought and the command', '{"thought": "Go", "command": {"name": "lookup", "arguments": {"term": "x"}}, "confidence": 0.9}', 'invalid-args'],
    ['a key beside the command\'s arguments', '{"thought": "Go", "command": {"name": "lookup", "arguments": {"term": "x"}, "limit": 2}}', 'invalid-args'],
    ['a turn cut off inside the arguments', '{"thought": "Go", "command": {"name": "lookup", "arguments": {"term": "x"', 'no-decision'],
  ])('%s is corrected, never answered or run', (_label, text, kind) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.kind).toBe(kind);
  });

  it.each([
    ['a thought and no command', '{"thought": "nothing to run"}'],
    ['a command object naming no offered tool, without arguments', '{"command": {"name": "deploy", "env": "prod"}}'],
  ])('an object with %s is a JSON answer', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision.action).toBe('answer_user');
  });
});

describe('an argument element outside any call is a call attempt', () => {
  it.each([
    ['SWE-agent <command> lines', "Let's see the folder.\n<command>\nls -la\n</command>", 'bash'],
    ['an element on one line', '<term>tide tables</term>', 'lookup'],
    ['after the answer-like prose', 'I will search now.\n\n  <term>tides</term>  \nwait for it', 'lookup'],
  ])('%s is corrected, naming the tool that declares it', (_label, text, tool) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain(`\`${tool}\``);
  });

  it.each([
    ['inside a sentence', 'Wrap the query in <term>..</term> tags when you search.'],
    ['quoted as code', 'Write it so:\n```\n<command>\nls\n</command>\n```'],
    ['an element no tool declares', '<note>\nremember the milk\n</note>'],
  ])('%s stays the answer', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision.action).toBe('answer_user');
  });

  it('property: prose around an element of a declared parameter on its own lines is never answered', () => {
    const prose = fc.constantFrom('', 'Let me look.', 'Next step:\n', 'Done thinking.');
    const value = fc.stringMatching(/^[a-z0-9 ./-]{1,20}$/);
    fc.assert(
      fc.property(prose, fc.constantFrom('command', 'term', 'limit'), value, prose, fc.boolean(), (before, key, written, after, multiline) => {
        const element = multiline ? `<${key}>\n${written}\n</${key}>` : `<${key}>${written}</${key}>`;
        const result = parse(`${before}\n${element}\n${after}`);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user')).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});
