/**
 * An answer a dialect reads (Functionary's `all`, ReAct's `Final Answer:`) is prose: markup in it is
 * refused as in a plain-text answer, and a raw text value never carries a special token. One `<answer>`
 * element around the whole plain-text answer (the `<think>..</think><answer>..</answer>` template) is
 * framing: the answer is its text; so are harmony's headers with their tokens dropped
 * (`analysis..assistantfinal`). Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const lookup: ToolSpec = { name: 'lookup_word', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } };
const tools = [lookup];

describe('answers read by a dialect', () => {
  it.each([
    ['a Functionary answer holding a special token', 'all\nThe word means tide.<|reserved_7|>'],
    ['a ReAct final answer holding a special token', 'Thought: known.\nFinal Answer: it means tide <|turn_end|> ok'],
    ['a Functionary answer holding an unread call', 'all\nSure: <function=lookup_word>{"word": </function>'],
  ])('refuses %s, naming the markup', (_label, text) => {
    const result = parseDecision('native', text, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/special token|tool call/);
  });

  it.each([
    ['all\nIt means tide.', 'It means tide.'],
    ['Thought: known.\nFinal Answer: write `<|end|>` to stop', 'write `<|end|>` to stop'],
  ])('keeps a clean answer, and markup quoted as inline code in it: %j', (text, answer) => {
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer }] });
  });

  it('never runs a raw text value that holds a special token', () => {
    for (const text of ['lookup_word\nebb <|sep|> flow', 'Thought: go.\nAction: lookup_word\nAction Input: ebb <|sep|>']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message).toContain('<|sep|>');
    }
  });

  it('refuses a plan beside a call that holds a special token or another call, never keeping it as a thought', () => {
    for (const text of [
      'Thought: look it up <|mask|> now\nAction: lookup_word\nAction Input: {"word": "ebb"}',
      '{"thought": "first <function=lookup_word>{\\"word\\": \\"flow\\"}</function>", "speak": "ok", "function": [{"name": "lookup_word", "arguments": {"word": "ebb"}}]}',
    ]) {
      const result = parseDecision('native', text, { tools, maxActions: 2 });
      expect(result.success, text).toBe(false);
    }
  });

  // The check is skipped for an answer without a character a call attempt needs (`callAttemptNeeds`):
  // with one, it still runs, whichever of them the markup holds.
  it.each([
    ['a JSON call (a colon)', '{"name": "lookup_word", "arguments": {"word": "ebb"}}', /call of `lookup_word`/],
    ['a special token (a <)', 'It means tide <|sep|> ok', /special token <\|sep\|>/],
    ['a Python-style call (a [ and an =)', '[lookup_word(word="ebb")]', /call of `lookup_word`/],
  ])('refuses an xml final answer holding %s', (_label, answer, message) => {
    const result = parseDecision('xml', `<final_answer>\n${answer}\n</final_answer>`, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(message);
    expect(parseDecision('xml', '<final_answer>\nIt means tide.\n</final_answer>', { tools })).toMatchObject({ success: true, decisions: [{ answer: 'It means tide.' }] });
  });

  it('keeps markup in an answer the model typed as a JSON string of its decision: quoted content, as in a call value', () => {
    const answer = 'The format is:\n```\n<tool_call>{"name": "lookup_word", "arguments": {}}</tool_call>\n```';
    const result = parseDecision('json', JSON.stringify({ action: 'answer_user', answer }), { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer }] });
  });

  it('answers with the text of one <answer> element around the whole answer, and keeps other <answer> text as written', () => {
    expect(parseDecision('native', '<think>\nThe tide turns at six.\n</think>\n\n<answer>At six.</answer>\n', { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'At six.' } });
    for (const text of ['Wrap it as <answer>x</answer> in the reply.', '<answer>one</answer> or <answer>two</answer>']) {
      expect(parseDecision('native', text, { tools }), text).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text } });
    }
  });

  it('answers with the text of an <answer> element left open to the end (its close a stop string the server dropped)', () => {
    expect(parseDecision('native', '<think>\nSix, by the table.\n</think>\n<answer>At six.', { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'At six.' } });
    for (const text of ['<answer>one <answer>two', '<answer>At six.</answer> Or seven.']) {
      expect(parseDecision('native', text, { tools }), text).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text } });
    }
  });

  it('property: an answer in one <answer> element, closed or left open, after reasoning or not, is its text', () => {
    const line = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}[a-z.]$/);
    fc.assert(
      fc.property(line, fc.constantFrom('', '<think>hm</think>\n', '<think>\nhm\n</think>\n\n'), fc.constantFrom('</answer>', ''), (answer, before, close) => {
        expect(parseDecision('native', `${before}<answer>${answer}${close}`, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: answer.trim() } });
      }),
      { numRuns: 80 },
    );
  });

  it('answers with the text before a lone </answer> the template opened, and keeps text with other answer tags as written', () => {
    for (const text of ['High tide is at six.</answer>', '<think>hm</think>\nHigh tide is at six.\n</answer>\n']) {
      expect(parseDecision('native', text, { tools }), text).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'High tide is at six.' } });
    }
    const prose = 'Wrap it as <answer>x</answer>';
    expect(parseDecision('native', prose, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: prose } });
  });

  it('answers with the text after harmony headers whose tokens were dropped, and keeps prose opening with analysis', () => {
    for (const text of ['analysisThe user wants the tide.assistantfinalHigh tide is at six.', 'assistantfinal High tide is at six.']) {
      expect(parseDecision('native', text, { tools }), text).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'High tide is at six.' } });
    }
    const prose = 'analysis of the tide tables shows six.';
    expect(parseDecision('native', prose, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: prose } });
  });
});
