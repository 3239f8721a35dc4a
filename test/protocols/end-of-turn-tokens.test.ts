/**
 * A detokenizer that keeps special tokens leaves the model's end-of-turn token at the end of the
 * reply: there it is framing, removed in every protocol, and never part of the answer. The same token
 * with text after it is markup no reader accounted for: a correction naming it.
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import { endOfTurnTokens } from '../../src/protocols/extract/reply-markers.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tools: ToolSpec[] = [{ name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } }];

describe('an end-of-turn token', () => {
  it.each(endOfTurnTokens)('%s at the end of an answer is dropped', (token) => {
    for (const text of [`The capital is Paris.${token}`, `The capital is Paris. ${token}\n`, `The capital is Paris.${token}${token}`]) {
      const result = parseDecision('native', text, { tools });
      expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: 'The capital is Paris.' }]);
    }
  });

  it.each(endOfTurnTokens)('%s after a call or a JSON decision is dropped', (token) => {
    const call = parseDecision('native', `<tool_call>{"name": "search", "arguments": {"query": "tides"}}</tool_call>${token}`, { tools });
    expect(call.success && call.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ query: 'tides' }]);
    const json = parseDecision('json', `{"action": "answer_user", "answer": "Paris"}${token}`, { tools });
    expect(json.success && json.decisions).toEqual([{ action: 'answer_user', answer: 'Paris' }]);
  });

  it.each(endOfTurnTokens)('%s with text after it is refused, never part of an answer', (token) => {
    const result = parseDecision('native', `The capital is Paris.${token}\nuser: and of Spain?`, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('special token');
  });
});

describe('a begin-of-sequence token spelled out', () => {
  it('is framing at the reply\'s start (Llama 3, Gemma, DeepSeek), and refused inside the text', () => {
    for (const text of ['<|begin_of_text|>The tide turns at six.', '<bos>The tide turns at six.<eos>', '<｜begin▁of▁sentence｜>The tide turns at six.<｜end▁of▁sentence｜>']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
    }
    for (const text of ['The tide <bos> turns at six.', 'The tide turns<|begin_of_text|> at six.']) {
      expect(parseDecision('native', text, { tools }).success, text).toBe(false);
    }
  });
});

describe("the assistant's own header echoed", () => {
  it('is framing at the reply\'s start (ChatML, Llama 3), around an answer or a call', () => {
    for (const [text, decision] of [
      ['<|im_start|>assistant\nThe tide turns at six.<|im_end|>', { action: 'answer_user', answer: 'The tide turns at six.' }],
      ['<|start_header_id|>assistant<|end_header_id|>\n\nThe tide turns at six.<|eot_id|>', { action: 'answer_user', answer: 'The tide turns at six.' }],
      ['<|im_start|>assistant\n<tool_call>\n{"name": "search", "arguments": {"query": "tides"}}\n</tool_call>\n<|im_end|>', { action: 'call_tool', tool: 'search', args: { query: 'tides' }, reason: '' }],
    ] as const) {
      const result = parseDecision('native', text, { tools });
      expect(result.success && result.decisions, text).toEqual([decision]);
    }
  });

  it('is framing in the spellings without two bars (Gemma 4, MiniMax M2), around an answer or a call', () => {
    for (const [text, decision] of [
      ['<|turn>model\nThe tide turns at six.<turn|>', { action: 'answer_user', answer: 'The tide turns at six.' }],
      [']~b]ai\nThe tide turns at six.[e~[', { action: 'answer_user', answer: 'The tide turns at six.' }],
      ['<|turn>model\n<|tool_call>call:search{query:<|"|>tides<|"|>}<tool_call|><turn|>', { action: 'call_tool', tool: 'search', args: { query: 'tides' }, reason: '' }],
    ] as const) {
      const result = parseDecision('native', text, { tools });
      expect(result.success && result.decisions, text).toEqual([decision]);
    }
  });

  it('is refused anywhere else, and so is a next turn after it', () => {
    for (const text of ['Sure. <|im_start|>assistant\nThe tide turns at six.', '<|im_start|>assistant\nSix.<|im_end|>\n<|im_start|>user\nThanks', '<|turn>model\nSix.<turn|>\n<|turn>user\nThanks']) {
      expect(parseDecision('native', text, { tools }).success, text).toBe(false);
    }
  });
});
