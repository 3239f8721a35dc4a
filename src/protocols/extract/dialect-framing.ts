/**
 * The framing each dialect writes around its calls, outside the spans its reader reports
 * (`Reading.spans`): section tokens and wrapper tags that hold one or more calls. Next to a call it is
 * accounted for (`stray-prose.ts`); anywhere else it is prose like any other markup. A dialect whose
 * reader's spans hold all of its markup (Hermes `<tool_call>` blocks, Gemma 4 blocks) has none.
 */

/** DeepSeek's section tokens, with either bar and word joiner (`<｜tool▁calls▁begin｜>`). */
const deepseekSection = /<[|｜]tool[▁_ ]calls(?:[▁_ ](?:begin|end))?[|｜]>/.source;
/** `<tool_call>`, `</minimax:tool_call>`, `<seed:tool_call>`, `<function_calls>`: tags wrapping XML-style calls. */
const wrapperTags = /<\/?(?:[\w-]+[:_])?(?:tool_calls?|function_calls)>|<\/?｜DSML｜(?:tool_calls|function_calls)>|\]<\]minimax\[>\[/.source;

/**
 * The tokens JSON call families put around a JSON call or list (the JSON readers find the JSON
 * anywhere): Llama 3 `<|python_tag|>`, Granite `<|tool_call|>`, Nemotron `<TOOLCALL>`, Command R
 * `<|START_ACTION|>` / `Action:`, Phi-4-mini `functools`, Apertus `<|tools_prefix|>`, GigaChat
 * `<|message_sep|>function call<|role_sep|>`, Inkling `<|message_model|>name<|content_invoke_tool_json|>`,
 * InternLM `<|action_start|><|plugin|>`, and a code fence.
 */
const jsonWrappers = [
  /<\|python_tag\|>|<\|\/?tool_calls?\|>|<\/?TOOLCALL>|<\/?tool_calls?>|<\|(?:START|END)_ACTION\|>|\bAction:|functools\b/.source,
  /<\|tools_(?:prefix|suffix)\|>|<\|tool_call_(?:start|end)\|>|<\|?\/?function_call\|?>|\[TOOL_CALLS\]/.source,
  /<\|message_sep\|>|\bfunction call|<\|role_sep\|>|<\|message_model\|>[\w.-]*|<\|content_invoke_tool_json\|>|<\|end_message\|>|```[\w-]*/.source,
  /<\|action_(?:start|end)\|>|<\|plugin\|>/.source,
  wrapperTags,
].join('|');

const framing: Readonly<Record<string, string>> = {
  llama3: jsonWrappers,
  'json-call': jsonWrappers,
  openai: jsonWrappers,
  mistral: /<\/s>/.source,
  'qwen-xml': wrapperTags,
  'function-tag': wrapperTags,
  invoke: `${wrapperTags}|${deepseekSection}`,
  glm: wrapperTags,
  deepseek: deepseekSection,
  kimi: /<\|tool_calls_section_(?:begin|end)\|>|<\|tool_call_end\|>/.source,
  solar: /<\|tool_calls?(?::|_)(?:begin|end|start)\|>/.source,
  // A harmony header before its recipient and the message's end token after its arguments.
  harmony: /<\|start\|>\s*assistant|<\|channel\|>\s*\w+|<\|constrain\|>\s*\w+|<\|(?:call|end|return)\|>/.source,
};

export interface DialectFraming {
  /** Framing (and space) at the start of prose that follows a call. */
  lead: RegExp;
  /** Framing (and space) at the end of prose that precedes a call. */
  trail: RegExp;
}

const plain: DialectFraming = { lead: /^\s+/, trail: /\s+$/ };
const compiled = new Map<string, DialectFraming>(
  Object.entries(framing).map(([dialect, source]) => [dialect, { lead: new RegExp(`^(?:\\s|${source})+`), trail: new RegExp(`(?:\\s|${source})+$`) }]),
);

/** The framing of `dialect` next to its calls; only space for a dialect with none. */
export const framingOf = (dialect: string): DialectFraming => compiled.get(dialect) ?? plain;
