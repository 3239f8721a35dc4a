/**
 * Functionary v2 messages (`<|from|>assistant\n<|recipient|>name\n<|content|>..`), with the first
 * header left out as the chat template writes it into the prompt. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const clock: ToolSpec = { name: 'world_clock', inputSchema: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } };
const notes: ToolSpec = { name: 'append_note', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
const tools = [clock, notes];
const header = '<|from|>assistant\n<|recipient|>';

describe('Functionary v2 messages', () => {
  it('reads a call whose header the template wrote, and one written whole', () => {
    for (const text of ['world_clock\n<|content|>{"zone": "Asia/Tokyo"}', `${header}world_clock\n<|content|>{"zone": "Asia/Tokyo"}<|stop|>`]) {
      const result = parseDecision('native', text, { tools });
      expect(result).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'world_clock', args: { zone: 'Asia/Tokyo' } }] });
    }
  });

  it('reads every call of the reply, the text to `all` before them as the plan', () => {
    const text = `all\n<|content|>Two zones, two lookups.\n${header}world_clock\n<|content|>{"zone": "UTC"}\n${header}world_clock\n<|content|>{"zone": "Europe/Oslo"}<|stop|>`;
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result).toMatchObject({
      success: true,
      decisions: [{ tool: 'world_clock', args: { zone: 'UTC' } }, { tool: 'world_clock', args: { zone: 'Europe/Oslo' } }],
      thoughts: [{ content: 'Two zones, two lookups.' }],
    });
  });

  it('answers with the text to `all`, without its tokens', () => {
    const result = parseDecision('native', 'all\n<|content|>It is noon in Tokyo.<|stop|>', { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: 'It is noon in Tokyo.' }] });
  });

  it('reads raw text for a tool of one text argument as that argument', () => {
    const result = parseDecision('native', 'append_note\n<|content|>buy more tea', { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'append_note', args: { text: 'buy more tea' } }] });
  });

  it('corrects a message cut off inside its JSON object, never running it', () => {
    const result = parseDecision('native', `all\n<|content|>Checking.\n${header}world_clock\n<|content|>{"zone": "Asia/To`, { tools });
    expect(result.success).toBe(false);
  });

  it('leaves prose holding the token to the call-attempt check: refused, never answered', () => {
    for (const text of ['Notes say <|content|> here', 'The zone is UTC <|content|>{"zone": "UTC"}']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
    }
  });
});

describe('Functionary v2 messages, coverage', () => {
  it('corrects text after a message JSON arguments and after <|stop|>, naming a special token there', () => {
    for (const text of ['world_clock\n<|content|>{"zone": "UTC"} and then <|pad|>', `${header}world_clock\n<|content|>{"zone": "UTC"}<|stop|>\nmore <|pad|>`]) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain('<|pad|>');
    }
  });
});
