/**
 * The markers models put around their reasoning and around their reply, as data: one table read by
 * `stripReplyMarkers`. A `reasoning` pair is removed with what it holds (kept as reasoning, never a
 * decision); a `content` pair is a wrapper whose inner text is the reply. Markers match without regard
 * to case. GPT-OSS harmony channels are messages, not pairs: see `readHarmonyMessages`.
 */

export interface ReplyMarker {
  /** The models that write it (documentation only). */
  models: string;
  open: string;
  close: string;
  /** `reasoning`: drop the block, keep its text as reasoning; `content`: drop the markers, keep the inner text. */
  kind: 'reasoning' | 'content';
  /**
   * The chat template may open the reasoning itself, so the reply starts inside it: text before this
   * pair's close marker (reasoning) or open marker (content), with no open marker before it, is reasoning.
   * @default false
   */
  endsTemplateReasoning?: boolean;
  /** A word the model writes right after the open marker, not part of the reasoning (Gemma 4 `thought`). */
  label?: string;
  /** A plain tag other replies use too: read as markers only right after a reasoning block. @default false */
  onlyAfterReasoning?: boolean;
  /** A special token, never plain prose: empty blocks and stray markers at the end of the reply are removed. @default false */
  special?: boolean;
  /**
   * The markers also read as an HTML tag (`<s>`..`</s>`, strikethrough): at the reply's end only a close
   * marker no open one precedes is removed (`control-tokens.ts`), so `Use <s>old</s>` keeps its tag.
   * @default false
   */
  htmlTag?: boolean;
  /**
   * The open marker is the chat template's header of an assistant turn and the close its end of turn:
   * a close followed by this header inside a reply is the same speaker going on in a new message
   * (`joinAssistantTurns`). Not set where the end of turn also closes reasoning (`<|end|>` after Solar
   * Open's `<|think|>`): there the header opens the answer after that reasoning. @default false
   */
  turnHeader?: boolean;
}

const thinkTags = ['think', 'thinking', 'reasoning', 'reflection', 'thought'].map(
  (tag): ReplyMarker => ({ models: 'DeepSeek R1, Qwen3, QwQ, GLM, MiniMax, Kimi, many others', open: `<${tag}>`, close: `</${tag}>`, kind: 'reasoning', endsTemplateReasoning: true }),
);

export const replyMarkers: readonly ReplyMarker[] = [
  ...thinkTags,
  { models: 'Magistral, Ministral 3 Reasoning', open: '[THINK]', close: '[/THINK]', kind: 'reasoning', endsTemplateReasoning: true },
  { models: 'Seed-OSS', open: '<seed:think>', close: '</seed:think>', kind: 'reasoning', endsTemplateReasoning: true },
  { models: 'Command R7B, Command A', open: '<|START_THINKING|>', close: '<|END_THINKING|>', kind: 'reasoning', endsTemplateReasoning: true, special: true },
  { models: 'Gemma 4', open: '<|channel>', close: '<channel|>', kind: 'reasoning', label: 'thought', endsTemplateReasoning: true, special: true },
  { models: 'Apertus', open: '<|inner_prefix|>', close: '<|inner_suffix|>', kind: 'reasoning', endsTemplateReasoning: true, special: true },
  { models: 'Solar Open', open: '<|think|>', close: '<|end|>', kind: 'reasoning', special: true },
  { models: 'MiniCPM3', open: '<|thought_start|>', close: '<|thought_end|>', kind: 'reasoning', special: true },
  { models: 'Command R7B', open: '<|START_RESPONSE|>', close: '<|END_RESPONSE|>', kind: 'content', special: true },
  { models: 'Command A (Cohere 2)', open: '<|START_TEXT|>', close: '<|END_TEXT|>', kind: 'content', special: true },
  { models: 'Apriel 1.5/1.6 Thinker', open: '[BEGIN FINAL RESPONSE]', close: '[END FINAL RESPONSE]', kind: 'content', endsTemplateReasoning: true },
  { models: 'Command R+', open: '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>', close: '<|END_OF_TURN_TOKEN|>', kind: 'content', special: true, turnHeader: true },
  { models: 'Command R+', open: '<|CHATBOT_TOKEN|>', close: '<|END_OF_TURN_TOKEN|>', kind: 'content', special: true },
  // The assistant turn's header a server kept or a model echoed (the reply then ends with `<|im_end|>`).
  { models: 'ChatML: Qwen, Hermes, Yi, many others', open: '<|im_start|>assistant', close: '<|im_end|>', kind: 'content', special: true, turnHeader: true },
  { models: 'Granite 3.2+', open: '<response>', close: '</response>', kind: 'content', onlyAfterReasoning: true },
  { models: 'Kimi K3', open: '<|open|>think<|sep|>', close: '<|close|>think<|sep|>', kind: 'reasoning', endsTemplateReasoning: true, special: true },
  { models: 'Kimi K3', open: '<|open|>message<|sep|>', close: '<|close|>message<|sep|>', kind: 'content', special: true },
  { models: 'Kimi K3', open: '<|open|>response<|sep|>', close: '<|close|>response<|sep|>', kind: 'content', special: true },
  { models: 'Solar Open', open: '<|begin|>assistant<|content|>', close: '<|end|>', kind: 'content', special: true },
  { models: 'Solar Open', open: '<|content|>', close: '<|end|>', kind: 'content', special: true },
  { models: 'Mistral (BOS / EOS spelled out by a detokenizer)', open: '<s>', close: '</s>', kind: 'content', special: true, htmlTag: true },
  { models: 'Llama 3 (BOS spelled out by a detokenizer)', open: '<|begin_of_text|>', close: '<|end_of_text|>', kind: 'content', special: true },
  { models: 'Gemma (BOS spelled out by a detokenizer)', open: '<bos>', close: '<eos>', kind: 'content', special: true },
  { models: 'DeepSeek (BOS spelled out by a detokenizer)', open: '<｜begin▁of▁sentence｜>', close: '<｜end▁of▁sentence｜>', kind: 'content', special: true },
  // The template's own header for the reply, echoed by a model (or kept by a server that returns the raw completion).
  { models: 'Llama 3 (assistant header echoed)', open: '<|start_header_id|>assistant<|end_header_id|>', close: '<|eot_id|>', kind: 'content', special: true, turnHeader: true },
  { models: 'Gemma 2, 3 (model turn header echoed)', open: '<start_of_turn>model', close: '<end_of_turn>', kind: 'content', special: true, turnHeader: true },
  { models: 'Gemma 4 (model turn header echoed)', open: '<|turn>model', close: '<turn|>', kind: 'content', special: true, turnHeader: true },
  { models: 'MiniMax M2 (assistant header echoed)', open: ']~b]ai', close: '[e~[', kind: 'content', special: true, turnHeader: true },
  { models: 'Phi-3, Phi-4 (assistant header echoed)', open: '<|assistant|>', close: '<|end|>', kind: 'content', special: true },
  { models: 'DeepSeek V3, R1 (assistant header echoed)', open: '<｜Assistant｜>', close: '<｜end▁of▁sentence｜>', kind: 'content', special: true, turnHeader: true },
  { models: 'Granite 3 (assistant header echoed)', open: '<|start_of_role|>assistant<|end_of_role|>', close: '<|end_of_text|>', kind: 'content', special: true, turnHeader: true },
  { models: 'TeleChat 2 (assistant header echoed)', open: '<_bot>', close: '<_end>', kind: 'content', special: true, turnHeader: true },
];

/**
 * Special tokens that end a model's turn or text. A detokenizer that keeps special tokens leaves one at
 * the end of the reply; there it is framing, removed, never a part of the answer. Anywhere else it is
 * markup no reader accounted for (`findCallAttempt`).
 */
export const endOfTurnTokens: readonly string[] = [
  '<|im_end|>', // ChatML: Qwen, Hermes, Yi, many others
  '<|eot_id|>', // Llama 3
  '<|eom_id|>', // Llama 3.1 (after a tool call)
  '<|end_of_text|>', // Llama 3
  '<|endoftext|>', // GPT-2 vocabularies, Phi, GLM, Qwen base
  '<|end|>', // Phi-3
  '<｜end▁of▁sentence｜>', // DeepSeek
  '<|end▁of▁sentence|>', // DeepSeek, its bars printed as ASCII
  '<end_of_turn>', // Gemma 2 and 3
  '<eos>', // Gemma
  '<|eot|>', // MuseGlimmer
  '<|observation|>', // GLM 4: the next message is the tool's, generation stops there
  '<|user|>', // GLM 4: the next message is the user's
  '<|end_of_msg|>', // Kimi K3
  '<turn|>', // Gemma 4
  '[e~[', // MiniMax M2: the end of a message
  '<_end>', // TeleChat 2
  '<sep>', // Reka Flash 3: the end of a turn (`human: .. <sep> assistant: ..`); Yuan 2: the prompt's end
  '<eod>', // Yuan 2
];

/**
 * Special tokens that open a tool-call section. Reasoning left unclosed ends at the first of them
 * (Kimi K2 Thinking closes its reasoning that way, and GLM 4.5+ may call a tool from inside an
 * unclosed `<think>`), so the calls after it are not swallowed.
 */
export const callSectionTokens: readonly string[] = [
  '<|tool_calls_section_begin|>',
  '<|tool_call_section_begin|>', // Kimi K2's singular spelling
  '<|tool_call_begin|>',
  '<｜tool▁calls▁begin｜>',
  '<｜tool▁call▁begin｜>',
  '<|tool▁calls▁begin|>',
  '<|tool▁call▁begin|>',
  '<|tool_call>',
  '<start_function_call>',
  '<|START_ACTION|>',
  '[TOOL_CALLS]',
  '<tool_call>',
  // mini-swe-agent's command fence: a thinking model may write its action before closing `<think>`.
  '```mswea_bash_command',
];
