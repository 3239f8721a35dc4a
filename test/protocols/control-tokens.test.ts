/**
 * Control tokens not written `<|..|>`: an unpaired `</s>` ends the reply (Llama 2, Mistral), and
 * Gemma's `<start_of_turn>` and Mistral's bracket tokens (`[INST]`, `[TOOL_RESULTS]`, ...) are template
 * markup, never part of an answer and never dropped silently beside a call. HTML's `<s>..</s>` stays
 * text, and an assistant header a server kept at the reply's start is framing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

const tools: ToolSpec[] = [
  { name: 'find_tide', inputSchema: { type: 'object', properties: { port: { type: 'string' } }, required: ['port'] } },
  { name: 'list_boats', inputSchema: { type: 'object', properties: { harbour: { type: 'string' } } } },
];
const json = (value: unknown) => JSON.stringify(value);
/** One call of `tool` in several families' forms. */
const writers: ReadonlyArray<(tool: string, args: Record<string, string>) => string> = [
  (tool, args) => `<tool_call>\n${json({ name: tool, arguments: args })}\n</tool_call>`,
  (tool, args) => `[TOOL_CALLS][${json({ name: tool, arguments: args })}]`,
  (tool, args) => `[TOOL_CALLS]${tool}[ARGS]${json(args)}`,
  (tool, args) => `<tool_call>\n<function=${tool}>\n${Object.entries(args).map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
  (tool, args) => `<|python_tag|>${json({ name: tool, parameters: args })}`,
  (tool, args) => `[${tool}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(', ')})]`,
  (tool, args) => `<tool_call>${tool}${Object.entries(args).map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`).join('')}</tool_call>`,
];
const word = fc.stringMatching(/^[A-Za-z]{2,9}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => `${words.join(' ')}.`);
const bareTokens = ['[INST]', '[/INST]', '[TOOL_RESULTS]', '[/TOOL_RESULTS]', '[AVAILABLE_TOOLS]', '[SYSTEM_PROMPT]', '<start_of_turn>', '<bos>', '<_user>', '<_bot>', '<reserved_106>', '<reserved_107>'];

const read = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });

describe("an unpaired </s>, Llama 2 and Mistral's end of sequence", () => {
  it('at the end is framing; with text after it the reply is refused, naming the token', () => {
    const answer = read('The tide turns at six.</s>');
    expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
    const call = read('[TOOL_CALLS][{"name": "find_tide", "arguments": {"port": "Brest"}}]</s>');
    expect(call.success && call.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ port: 'Brest' }]);
    for (const text of [
      'The tide turns at six.</s> Anything else about Brest?',
      '[TOOL_CALLS][{"name": "find_tide", "arguments": {"port": "Brest"}}]</s> And the boats are listed below.',
      '<tool_call>{"name": "find_tide", "arguments": {"port": "Brest"}}</tool_call></s>Next question',
    ]) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain('</s>');
    }
  });

  it('a run of end tokens at the end is framing too, however long (each token is not searched for over the whole reply)', () => {
    for (const ending of ['</s>', '<|im_end|>', '</s>\n<|endoftext|>']) {
      const text = `The tide turns at six.${ending.repeat(3000)}`;
      const answer = read(text);
      expect(answer.success && answer.decisions, ending).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
    }
  });

  it('closing an HTML <s> opened before it is text', () => {
    for (const text of ['Use <s>Tuesday</s> Wednesday.', 'Moved: <s>Brest</s>', 'The <s>old</s> and <s>older</s> ports.']) {
      const result = read(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
  });

  it('property: text written after it, beside a call in any family or in an answer, is never run nor answered', () => {
    fc.assert(
      fc.property(fc.constantFrom(...writers, null), word, sentence, (write, port, after) => {
        const before = write ? write('find_tide', { port }) : `The tide at ${port} turns at six.`;
        const result = read(`${before}</s> ${after}`);
        expect(result.success, `${before}</s> ${after}`).toBe(false);
      }),
      { numRuns: propertyRuns(80) },
    );
  });
});

describe("template tokens written without bars (Gemma's turns, Mistral's brackets, TeleChat's and Baichuan's turns)", () => {
  it('in an answer, or after a call (an invented tool result, a next turn), are refused, naming them', () => {
    for (const text of [
      'Here is the plan. [INST] and now the boats? [/INST]',
      '[TOOL_CALLS][{"name": "find_tide", "arguments": {"port": "Brest"}}][TOOL_RESULTS]{"content": "6pm"}[/TOOL_RESULTS]The tide turns at 6pm.',
      'Six.<end_of_turn>\n<start_of_turn>user\nAnd the boats?',
      'Six.<_end><_user>And the boats?<_bot>',
      'Six.<reserved_106>And the boats?<reserved_107>',
      'Six. <sep> human: And the boats?',
    ]) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/special token (?:\[\/?(?:INST|TOOL_RESULTS)\]|<end_of_turn>|<_end>|<reserved_106>|<sep>)/);
    }
  });

  it('quoted in inline code, or Mistral call tokens that are also prose (`[ARGS]`), stay text', () => {
    for (const text of ['Llama 2 wraps a user turn in `[INST]` and `[/INST]`.', 'Usage: tides [OPTIONS] [ARGS]']) {
      const result = read(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
  });

  it('property: one in prose is never part of an accepted answer, and never dropped beside a call', () => {
    fc.assert(
      fc.property(fc.constantFrom(...writers, null), fc.constantFrom(...bareTokens), sentence, sentence, (write, token, before, after) => {
        const call = write ? `${write('list_boats', { harbour: 'Brest' })}\n` : '';
        const text = `${call}${before} ${token} ${after}`;
        const result = read(text);
        expect(result.success, text).toBe(false);
        if (!result.success) expect(result.error.message, text).toContain(token);
      }),
      { numRuns: propertyRuns(80) },
    );
  });
});

describe("the assistant's own header a server kept (Gemma, Phi, DeepSeek, Granite, TeleChat)", () => {
  it("is framing at the reply's start, around an answer or a call", () => {
    const call = '<tool_call>\n{"name": "find_tide", "arguments": {"port": "Brest"}}\n</tool_call>';
    for (const [open, close] of [
      ['<start_of_turn>model\n', '<end_of_turn>'],
      ['<|assistant|>', '<|end|>'],
      ['<｜Assistant｜>', '<｜end▁of▁sentence｜>'],
      ['<|start_of_role|>assistant<|end_of_role|>', '<|end_of_text|>'],
      ['<_bot>', '<_end>'],
    ] as const) {
      const answer = read(`${open}The tide turns at six.${close}`);
      expect(answer.success && answer.decisions, open).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
      const called = read(`${open}${call}${close}`);
      expect(called.success && called.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), open).toEqual(['find_tide']);
    }
  });

  it('keeps reasoning that opens its text out of the answer, in every header (ChatML and Llama 3 too)', () => {
    for (const [open, close] of [
      ['<|im_start|>assistant\n', '<|im_end|>'],
      ['<|start_header_id|>assistant<|end_header_id|>\n\n', '<|eot_id|>'],
      ['<start_of_turn>model\n', '<end_of_turn>'],
      ['<｜Assistant｜>', '<｜end▁of▁sentence｜>'],
    ] as const) {
      const result = read(`${open}<think>\nLow water first.\n</think>\nThe tide turns at six.${close}`);
      expect(result.success && result.decisions, open).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
    }
    const granite = read('<|start_of_role|>assistant<|end_of_role|><think>Low water first.</think><response>The tide turns at six.</response><|end_of_text|>');
    expect(granite.success && granite.decisions).toEqual([{ action: 'answer_user', answer: 'The tide turns at six.' }]);
  });
});
