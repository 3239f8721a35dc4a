/**
 * A reply that opened with reasoning writes its thoughts in those tags: reasoning it writes again later
 * in a plain-text answer is dropped from the answer, never shown to the user as markup. A reply with no
 * leading reasoning, or a block quoted as code, keeps the tags as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const answerOf = (text: string) => {
  const result = parseDecision('native', text, { tools: [] });
  return result.success && result.decision.action === 'answer_user' ? result.decision.answer : undefined;
};

describe('reasoning written again later in the answer', () => {
  it('is dropped where the reply opened with reasoning', () => {
    expect(answerOf('<think>Add them.</think>Two and two<thinking>check: yes</thinking> make four.')).toBe('Two and two make four.');
    expect(answerOf('<think>Add them.</think>Four.\n<think>Sure?</think>\nYes, four.')).toBe('Four.\n\nYes, four.');
  });

  it('stays where the reply did not open with reasoning, or where it is quoted as code', () => {
    expect(answerOf('Models wrap thoughts in <think>..</think> tags.')).toBe('Models wrap thoughts in <think>..</think> tags.');
    expect(answerOf('<think>Explain.</think>Write `<think>x</think>` first.')).toBe('Write `<think>x</think>` first.');
  });

  it('property: after leading reasoning, the answer never carries a later reasoning block', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}$/);
    fc.assert(
      fc.property(words, words, words, words, fc.constantFrom('think', 'thinking', 'reasoning'), (first, before, later, after, tag) => {
        const answer = answerOf(`<think>${first}</think>${before}\n<${tag}>${later}</${tag}>\n${after}`);
        expect(answer).toBeDefined();
        expect(answer).not.toContain(`<${tag}>`);
        expect(answer).toContain(before.trim());
        expect(answer).toContain(after.trim());
      }),
    );
  });
});
