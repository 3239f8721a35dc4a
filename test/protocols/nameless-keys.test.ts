import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

// Schemas that allow undeclared names, as most hand-written tool specs do: validation alone lets an empty name through.
const saveNote: ToolSpec = { name: 'save_note', inputSchema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } } };
const tag: ToolSpec = { name: 'tag_photo', inputSchema: { type: 'object', properties: { label: { type: 'string' }, extra: { type: 'object' } } } };
const tools = [saveNote, tag];
const read = (text: string, offered: ToolSpec[] = tools) => parseDecision('native', text, { tools: offered });
const glm = (name: string, pairs: Array<[string, string]>) => `<tool_call>${name}\n${pairs.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join('')}</tool_call>`;

describe('an argument written under an empty name', () => {
  it('is a correction in every dialect, never a value run under no name', () => {
    const replies = [
      glm('save_note', [['', 'groceries'], ['title', 'Saturday']]),
      glm('save_note', [['  ', 'groceries']]),
      `<tool_call>\n${JSON.stringify({ name: 'save_note', arguments: { '': 'groceries', title: 'Saturday' } })}\n</tool_call>`,
      '<minimax:tool_call>\n<invoke name="save_note">\n<parameter name="">groceries</parameter>\n</invoke>\n</minimax:tool_call>',
      '<|tool_call>call:save_note{"":<|"|>groceries<|"|>}<tool_call|>',
    ];
    for (const reply of replies) {
      const result = read(reply);
      expect(result, reply).toMatchObject({ success: false, error: { kind: 'invalid-args', toolName: 'save_note' } });
      if (!result.success) expect(result.error.message, reply).toContain('empty name');
    }
  });

  it('is read where the tool declares that name; for a tool that names no argument, and deeper down, an empty key is data', () => {
    const blankDeclared: ToolSpec = { name: 'save_note', inputSchema: { type: 'object', properties: { '': { type: 'string' } } } };
    expect(read(glm('save_note', [['', 'groceries']]), [blankDeclared])).toMatchObject({ success: true, decisions: [{ tool: 'save_note', args: { '': 'groceries' } }] });
    const nested = `<tool_call>\n${JSON.stringify({ name: 'tag_photo', arguments: { label: 'cat', extra: { '': 1 } } })}\n</tool_call>`;
    expect(read(nested)).toMatchObject({ success: true, decisions: [{ tool: 'tag_photo', args: { label: 'cat', extra: { '': 1 } } }] });
    const freeForm: ToolSpec = { name: 'store', inputSchema: { type: 'object' } };
    const record = `<tool_call>\n${JSON.stringify({ name: 'store', arguments: { '': 'groceries' } })}\n</tool_call>`;
    expect(read(record, [freeForm])).toMatchObject({ success: true, decisions: [{ tool: 'store', args: { '': 'groceries' } }] });
  });

  it('never runs, whatever blank name and dialect (property)', () => {
    const writers = [
      (tool: string, args: Record<string, string>) => glm(tool, Object.entries(args)),
      (tool: string, args: Record<string, string>) => `<tool_call>\n${JSON.stringify({ name: tool, arguments: args })}\n</tool_call>`,
      (tool: string, args: Record<string, string>) =>
        `<minimax:tool_call>\n<invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`).join('')}</invoke>\n</minimax:tool_call>`,
      (tool: string, args: Record<string, string>) => `[TOOL_CALLS][${JSON.stringify({ name: tool, arguments: args })}]`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...writers), fc.constantFrom('', ' ', '  ', '\t'), fc.stringMatching(/^[a-z]{3,9}$/), fc.boolean(), (write, blank, value, withTitle) => {
        const args: Record<string, string> = withTitle ? { title: 'Plan', [blank]: value } : { [blank]: value };
        const reply = write('save_note', args);
        const result = read(reply);
        const ran = result.success ? result.decisions.filter((decision) => decision.action === 'call_tool') : [];
        expect(ran, reply).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
