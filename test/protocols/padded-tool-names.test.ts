/**
 * A tool name written with space around it names the tool without it (`callItem`). Readers that map
 * a text input by the tool's schema (agent dialects: the input goes to the tool's lone property) must
 * map it for that same tool: looked up by the written, padded name, the tool was unknown and the
 * input was dropped, so the call ran with no arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const lookup: ToolSpec = { name: 'lookup_word', inputSchema: { type: 'object', properties: { term: { type: 'string' } } } };
const read = (text: string) => parseDecision('native', text, { tools: [lookup] });

/** Agent dialects whose input is text, each writing `name` (as given, padding included) and `input`. */
const writers: ReadonlyArray<{ name: string; write(name: string, input: string): string }> = [
  { name: 'json agent', write: (name, input) => JSON.stringify({ action: name, action_input: input }) },
  { name: 'json agent, fenced', write: (name, input) => `\`\`\`json\n${JSON.stringify({ action: name, action_input: input })}\n\`\`\`` },
  { name: 'xml agent', write: (name, input) => `<tool>${name}</tool><tool_input>${input}</tool_input>` },
];

describe('a tool name padded with space in an agent step', () => {
  it('keeps the text input of a JSON agent step', () => {
    expect(read('{"action": "  lookup_word ", "action_input": "quixotic"}')).toMatchObject({
      success: true,
      decision: { tool: 'lookup_word', args: { term: 'quixotic' } },
    });
  });

  it('keeps the text input of an XML agent step', () => {
    expect(read('<tool> lookup_word</tool><tool_input>serendipity</tool_input>')).toMatchObject({
      success: true,
      decision: { tool: 'lookup_word', args: { term: 'serendipity' } },
    });
  });

  it('still leaves an unknown name to validation, which names the tools on offer', () => {
    expect(read('{"action": " define_word ", "action_input": "quixotic"}')).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
  });

  it('reads the same arguments as the name without padding, in every agent dialect (property)', () => {
    const padding = fc.constantFrom('', ' ', '  ', '\t');
    const input = fc.stringMatching(/^[a-z][a-z ]{0,20}[a-z]$/);
    fc.assert(
      fc.property(fc.constantFrom(...writers), padding, padding, input, (writer, before, after, value) => {
        const plain = read(writer.write('lookup_word', value));
        const padded = read(writer.write(`${before}lookup_word${after}`, value));
        expect(plain).toMatchObject({ success: true, decision: { tool: 'lookup_word', args: { term: value } } });
        expect(padded.success && padded.decision).toEqual(plain.success && plain.decision);
      }),
      { numRuns: 120 },
    );
  });
});
