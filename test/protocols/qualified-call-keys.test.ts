/**
 * JSON calls whose tool name sits under a qualified key (`command_name`, `functionName`): read with
 * a known arguments key, a call attempt (corrected, never the answer) without one. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tool = (name: string, ...keys: string[]): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, {}])) } });
const tools = [tool('Board.pin', 'card', 'column'), tool('finish')];

describe('qualified call keys', () => {
  it('reads a fenced list of commands, each named under `command_name` with `args`', () => {
    const text = 'Plan: pin it, then stop.\n```json\n[{"command_name": "Board.pin", "args": {"card": "c7", "column": "done"}}, {"command_name": "finish", "args": {}}]\n```';
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'Board.pin', args: { card: 'c7', column: 'done' } }, { tool: 'finish', args: {} }] });
  });

  it('reads `functionName` with `arguments`', () => {
    const result = parseDecision('native', '{"functionName": "Board.pin", "arguments": {"card": "c1", "column": "todo"}}', { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'Board.pin', args: { card: 'c1', column: 'todo' } }] });
  });

  it('refuses, never answers, a tool named under any call key beside an object no reader knows', () => {
    for (const text of ['{"step_command": "Board.pin", "payload": {"card": "c1"}}', '{"actionName": "Board.pin", "with": {"card": "c1"}}']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message).toContain('Board.pin');
    }
  });

  it('corrects a key beside the name and the arguments of any JSON call shape, never dropping it', () => {
    for (const text of [
      '{"command_name": "Board.pin", "args": {"card": "c1"}, "why": "urgent"}',
      '{"tool_name": "Board.pin", "parameters": {"card": "c1"}, "column": "done"}',
      '{"type": "function", "function": {"name": "Board.pin", "arguments": {"card": "c1"}, "column": "done"}}',
    ]) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/`(why|column)` beside its arguments/);
    }
    // Call metadata is no argument: an id and a type beside a call are kept out of it, as APIs write them.
    const withId = parseDecision('native', '[{"id": "c9", "type": "function", "function": {"name": "Board.pin", "arguments": "{\\"card\\": \\"c1\\"}"}}]', { tools });
    expect(withId).toMatchObject({ success: true, decisions: [{ tool: 'Board.pin', args: { card: 'c1' } }] });
  });

  it('refuses a reply whose call object holds a stray key, never taking the answer beside it', () => {
    const text = 'Thought: pin it.\nCalls: [{"name": "Board.pin", "args": {"card": "c1"}, "label": "x"}]\nFinal Answer: pinned';
    const result = parseDecision('native', text, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('`label`');
  });
});
