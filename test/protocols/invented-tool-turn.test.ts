/**
 * A tool's turn the model wrote after its own turn ended (`invented-tool-turn.ts`): the reply ends at
 * the end-of-turn token, as a server that stops there ends it; the invented result and anything after
 * it are dropped. Any other text after the token stays refused. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import { withoutInventedToolTurn } from '../../src/protocols/extract/invented-tool-turn.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tools: ToolSpec[] = [{ name: 'find_train', inputSchema: { type: 'object', properties: { station: { type: 'string' } }, required: ['station'] } }];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const callsOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions : result.error.message;
};
const trainCall = [{ action: 'call_tool', tool: 'find_train', args: { station: 'Lyon' }, reason: '' }];

describe('a tool turn invented after the model\'s turn', () => {
  it('ends the reply at the end-of-turn token in each chat template, the call before it read', () => {
    for (const text of [
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call><|im_end|>\n<|im_start|>tool\n{"departs": "09:12"}<|im_end|>',
      '<|channel|>commentary to=functions.find_train <|constrain|>json<|message|>{"station": "Lyon"}<|call|>\n<|start|>functions.find_train to=assistant<|channel|>commentary<|message|>{"departs": "09:12"}<|end|>',
      '<|python_tag|>{"name": "find_train", "parameters": {"station": "Lyon"}}<|eom_id|><|start_header_id|>ipython<|end_header_id|>\n\n{"departs": "09:12"}<|eot_id|>',
      '[TOOL_CALLS][{"name": "find_train", "arguments": {"station": "Lyon"}}]</s>[TOOL_RESULTS]{"departs": "09:12"}[/TOOL_RESULTS]',
      // Qwen's templates: the tool's result in a user turn, inside <tool_response>.
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n{"departs": "09:12"}\n</tool_response><|im_end|>',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.find_train:0<|tool_call_argument_begin|>{"station": "Lyon"}<|tool_call_end|><|tool_calls_section_end|><|im_end|><|im_system|>tool<|im_middle|>09:12<|im_end|>',
      '<|tool_call|>[{"name": "find_train", "arguments": {"station": "Lyon"}}]<|end_of_text|>\n<|start_of_role|>tool_response<|end_of_role|>{"departs": "09:12"}<|end_of_text|>',
    ]) {
      expect(callsOf(text), text).toEqual(trainCall);
    }
  });

  it('reads a Hermes call whose invented result lost its turn tokens, and nothing after it', () => {
    const text =
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call>\n<tool_response>\nno trains\n</tool_response>\n' +
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Dijon"}}\n</tool_call>';
    expect(callsOf(text)).toEqual(trainCall);
    expect(callsOf(text.replace('</tool_call>\n<tool_response>', '</tool_call>\nuser\n<tool_response>'))).toEqual(trainCall);
  });

  it('leaves a call and its invented result inside reasoning to the reasoning: the reply after it stays', () => {
    const text = '<think>I could send <tool_call>{"name": "find_train", "arguments": {"station": "Lyon"}}</tool_call>\n<tool_response>09:12</tool_response> but no.</think>The next train leaves at nine.';
    expect(callsOf(text)).toEqual([{ action: 'answer_user', answer: 'The next train leaves at nine.' }]);
  });

  it('drops a call the model went on to make on the result it invented', () => {
    const text =
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call><|im_end|>\n<|im_start|>tool\nno trains<|im_end|>\n' +
      '<|im_start|>assistant\n<tool_call>\n{"name": "find_train", "arguments": {"station": "Dijon"}}\n</tool_call><|im_end|>';
    expect(callsOf(text)).toEqual(trainCall);
  });

  it('leaves a user turn, or text of no turn, after the token in the reply, where it is refused', () => {
    for (const text of [
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call><|im_end|>\n<|im_start|>user\nthanks<|im_end|>',
      '<tool_call>\n{"name": "find_train", "arguments": {"station": "Lyon"}}\n</tool_call><|im_end|>\nThe tool says 09:12.',
    ]) {
      expect(read(text).success, text).toBe(false);
    }
    // A tool's header with no end-of-turn token before it is no turn the template opened: kept.
    const unended = 'Done <|im_start|>tool\nresult';
    expect(withoutInventedToolTurn(unended)).toBe(unended);
  });

  it('drops the end-of-turn token with what follows it, and keeps a call\'s close', () => {
    expect(withoutInventedToolTurn('Plan.<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n42')).toBe('Plan.');
    expect(withoutInventedToolTurn('x<|call|> <|start|>browser.search to=assistant<|message|>y')).toBe('x');
    expect(withoutInventedToolTurn('<tool_call>{}</tool_call>\nuser\n<tool_response>\n42\n</tool_response>')).toBe('<tool_call>{}</tool_call>');
    // The assistant's own next message is no tool's turn.
    expect(withoutInventedToolTurn('x<|call|><|start|>assistant<|channel|>final<|message|>y')).toBe('x<|call|><|start|>assistant<|channel|>final<|message|>y');
  });
});
