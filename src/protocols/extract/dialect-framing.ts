/**
 * The framing each dialect writes around its calls, outside the spans its reader reports
 * (`Reading.spans`): section tokens and wrapper tags that hold one or more calls. Next to a call it is
 * accounted for (`stray-prose.ts`); anywhere else it is prose like any other markup. A dialect whose
 * reader's spans hold all of its markup (Hermes `<tool_call>` blocks, Gemma 4 blocks) has none.
 * Message tokens of a family whose reply is a sequence of messages (Inkling) are framing anywhere in
 * the prose: they hold no call, and a call attempt inside such a message is still found.
 */

import { dsmlMarker } from './dsml-marker.ts';

/** DeepSeek's section tokens, with either bar and word joiner (`<｜tool▁calls▁begin｜>`). */
const deepseekSection = /<[|｜]tool[▁_ ]calls(?:[▁_ ](?:begin|end))?[|｜]>/.source;
/**
 * Every DeepSeek call token, for families that put their own calls between them (StepFun Step 3), and
 * the call type DeepSeek writes before its separator (`<｜tool_call_begin｜>function<｜tool_sep｜>`).
 */
const deepseekTokens = /<[|｜]tool[▁_ ](?:calls?(?:[▁_ ](?:begin|end))?|sep)[|｜]>|function(?=<[|｜]tool[▁_ ]sep[|｜]>)/.source;
/** `<tool_call>`, `</minimax:tool_call>`, `<seed:tool_call>`, `<function_calls>`: tags wrapping XML-style calls. */
const wrapperTags = [
  /<\/?(?:[\w-]+[:_])?(?:tool_calls?|function_calls)>/.source,
  `<\\/?${dsmlMarker}\\s*(?:tool_calls|function_calls|calls)>`,
  /\]<\]minimax\[>\[/.source,
].join('|');

/**
 * The tokens JSON call families put around a JSON call or list (the JSON readers find the JSON
 * anywhere): Llama 3 `<|python_tag|>` (Llama 4 `<|python_start|>`..`<|python_end|>`), Granite `<|tool_call|>`, Nemotron `<TOOLCALL>`, Command R
 * `<|START_ACTION|>` / `Action:`, Phi-4-mini `functools`, Apertus `<|tools_prefix|>`, GigaChat
 * `<|message_sep|>function call<|role_sep|>`, Inkling `<|message_model|>name<|content_invoke_tool_json|>`,
 * InternLM `<|action_start|><|plugin|>`, goose's toolshim `Using tool: name` line, LM Studio
 * `[TOOL_REQUEST]` / `[END_TOOL_REQUEST]`, and a code fence.
 */
const jsonWrappers = [
  /<\|python_(?:tag|start|end)\|>|<\|\/?tool_calls?\|>|<\/?TOOLCALL>|<\/?tool_calls?>|<\|(?:START|END)_ACTION\|>|\bAction:|functools\b/.source,
  /<\|tools_(?:prefix|suffix)\|>|<\|tool_call_(?:start|end)\|>|<\|?\/?function_call\|?>|\[TOOL_CALLS\]|\[(?:END_)?TOOL_REQUEST(?:_END)?\]/.source,
  /<\|message_sep\|>|\bfunction call|<\|role_sep\|>|<\|message_model\|>[\w.-]*|<\|content_invoke_tool_json\|>|<\|end_message\|>|```[\w-]*/.source,
  /<\|action_(?:start|end)\|>|<\|plugin\|>|\bUsing tool:[ \t]*[\w.-]+/.source,
  wrapperTags,
].join('|');

/**
 * The tokens among `jsonWrappers` and `wrapperTags` that open a call (rather than close one or a
 * section). After a call, such a token followed by text is not framing: it opens a call whose content
 * was not read, and stays in the prose for `findCallAttempt` to name.
 */
const callOpeners = [
  /<\|python_(?:tag|start)\|>|<\|tool_calls?\|>|<TOOLCALL>|<(?:[\w-]+[:_])?(?:tool_calls?|function_calls)>|<\|START_ACTION\|>|<\|tools_prefix\|>/.source,
  /<\|tool_call_start\|>|<\|?function_call\|?>|\[TOOL_CALLS\]|\[TOOL_REQUEST\]|<\|message_sep\|>|<\|role_sep\|>|<\|content_invoke_tool_json\|>/.source,
  /<\|action_start\|>|<\|plugin\|>/.source,
].join('|');

const framing: Readonly<Record<string, string>> = {
  llama3: jsonWrappers,
  'json-call': jsonWrappers,
  openai: jsonWrappers,
  'qwen-xml': wrapperTags,
  'function-tag': wrapperTags,
  'invoke-tool-name': wrapperTags,
  invoke: `${wrapperTags}|${deepseekTokens}`,
  glm: wrapperTags,
  deepseek: deepseekSection,
  kimi: /<\|tool_calls?_section_(?:begin|end)\|>|<\|tool_call_end\|>/.source,
  // Solar Open: `<|tool_calls|><|tool_call:begin|>0` before the name token, `<|tool_call:end|>` after the arguments.
  solar: /<\|begin\|>assistant|<\|tool_calls\|>|<\|tool_call:begin\|>\s*\d*|<\|tool_call:end\|>/.source,
  // Kimi K3's `tools` block around its calls.
  'kimi-k3': /<\|(?:open|close)\|>tools<\|sep\|>/.source,
  // The end of a MuseGlimmer call message.
  muse: /<\|eom\|>/.source,
  // A harmony header before its recipient and the message's end token after its arguments.
  harmony: /<\|start\|>(?:\s*assistant)?|<\|channel\|>\s*\w+|<\|constrain\|>\s*\w+|<\|(?:call|end|return)\|>/.source,
};

/** Inkling's messages: a text or thinking message beside its calls is the reply's prose. */
const inklingMessages = /<\|message_model\|>|<\|end_message\|>|<\|content_(?:text|thinking|model_end_sampling)\|>/.source;

/**
 * Kimi K3's message blocks: reasoning (its opening often written by the template) and the reply text
 * in `<|open|>response<|sep|>..<|close|>response<|sep|>` stand beside its `tools` block.
 */
const kimiK3Blocks = /<\|(?:open|close)\|>(?:think|response|tools|message)<\|sep\|>/.source;

/**
 * Command R / Command A text blocks (`<|START_RESPONSE|>..<|END_RESPONSE|>`, `<|START_TEXT|>..<|END_TEXT|>`)
 * stand before, between and after its `<|START_ACTION|>` blocks: the reply's prose, as sgl-model-gateway reads them.
 */
const cohereBlocks = /<\|(?:START|END)_(?:RESPONSE|TEXT)\|>/.source;

const anywhere: Readonly<Record<string, string>> = {
  'kimi-k3': kimiK3Blocks,
  llama3: `${inklingMessages}|${cohereBlocks}`,
  'json-call': `${inklingMessages}|${cohereBlocks}`,
  openai: inklingMessages,
  'inkling-text': inklingMessages,
};

export interface DialectFraming {
  /** Framing (and space) at the start of prose that follows a call. */
  lead: RegExp;
  /** The call-opening tokens among the dialect's framing (`callOpeners`), if it has such. */
  opener?: RegExp;
  /** Framing (and space) at the end of prose that precedes a call. */
  trail: RegExp;
  /** Framing anywhere in the prose (global), if the dialect has such. */
  anywhere?: RegExp;
}

/** Space, also written as `\n` text (a call whose line breaks are escaped, `escaped-breaks.ts`). */
const space = /\s|\\n/.source;
const plain: DialectFraming = { lead: new RegExp(`^(?:${space})+`), trail: new RegExp(`(?:${space})+$`) };
const compiled = new Map<string, DialectFraming>(
  [...new Set([...Object.keys(framing), ...Object.keys(anywhere)])].map((dialect) => {
    const source = framing[dialect] ?? space;
    const lead = new RegExp(`^(?:${space}|${source})+`);
    const trail = new RegExp(`(?:${space}|${source})+$`);
    const messages = anywhere[dialect];
    // Every dialect whose framing holds the wrapper tags (the JSON families and the XML-style ones) has openers.
    const opens = framing[dialect]?.includes(wrapperTags) ? { opener: new RegExp(callOpeners) } : {};
    return [dialect, messages === undefined ? { lead, trail, ...opens } : { lead, trail, ...opens, anywhere: new RegExp(messages, 'g') }];
  }),
);

/** The framing of `dialect` next to its calls; only space for a dialect with none. */
export const framingOf = (dialect: string): DialectFraming => compiled.get(dialect) ?? plain;
