/**
 * A tool's turn the model wrote after its own turn ended:
 *
 *   <tool_call>{..}</tool_call><|im_end|>\n<|im_start|>tool\n{"temp": 3}<|im_end|>
 *   ..json<|message|>{"location": "Tokyo"}<|call|>\n<|start|>functions.get_weather to=assistant<|channel|>..
 *   <tool_call>{..}</tool_call>\n<tool_response>{"temp": 3}</tool_response>\n<tool_call>{..}</tool_call>
 *
 * The end-of-turn token ends the model's turn; a server stops there, runs the call, and writes the
 * tool's turn itself. A model that is not stopped goes on and invents the tool's result (and whatever
 * follows it). That text is the chat template's next turn, written for another party: it is never the
 * model's reply, never a call to run, and its result is nobody's answer. The reply ends at the token,
 * as the server would have ended it; the token and the invented turn are dropped.
 *
 * Only a turn opened for a tool counts (the role `tool`, `ipython`, a tool's own name such as
 * `functions.x` or `browser.search`, a user turn that opens with Qwen's `<tool_response>`, Mistral's
 * `[TOOL_RESULTS]`, DeepSeek's tool outputs), and only
 * right after an end-of-turn token. Text of any other kind after an end-of-turn token (a user's turn,
 * more prose, whatever follows GLM's `<|observation|>`, which names no role) stays in the reply, where
 * it is refused (`stray-prose.ts`): what the model meant there is no reading's guess.
 */
import { escapeRegExp } from './marker-source.ts';
import { endOfTurnTokens } from './reply-markers.ts';


/**
 * A role naming a tool: `tool`, a tool's result (`tool_response`, Granite's), `ipython`, `python`,
 * `observation`, `function`, or a dotted tool name (`functions.x`, `browser.search`).
 */
const toolRole = String.raw`(?:tools?|(?:tool|function)[_-]?(?:response|result|output)s?|ipython|python|observation|function|[A-Za-z_][\w-]*\.[\w.-]+)(?![\w.-])`;

/** Turn openers of the chat templates, each with a tool's role. */
const toolTurnOpeners = [
  String.raw`<\|im_start\|>[ \t]*${toolRole}`, // ChatML
  // Qwen's templates give a tool's result to the user role, inside `<tool_response>`.
  String.raw`<\|im_start\|>[ \t]*user\s*<tool_response>`,
  String.raw`<\|im_system\|>[ \t]*${toolRole}`, // Kimi K2
  String.raw`<\|start_header_id\|>[ \t]*${toolRole}[ \t]*<\|end_header_id\|>`, // Llama 3
  String.raw`<\|start\|>[ \t]*${toolRole}`, // harmony
  String.raw`<\|start_of_role\|>[ \t]*${toolRole}[ \t]*<\|end_of_role\|>`, // Granite
  String.raw`\[TOOL_RESULTS\]`, // Mistral
  String.raw`<[|｜]tool[▁_ ]outputs?[▁_ ]begin[|｜]>`, // DeepSeek
].join('|');

/** Tokens that end the model's turn: the shared list, and harmony's ends of a call and of the reply. */
const turnEnds = [...endOfTurnTokens, '<|call|>', '<|return|>', '</s>'].map(escapeRegExp).join('|');

/**
 * The end of the model's turn right before a tool's turn: an end-of-turn token, or a call's close
 * (group 1). A detokenizer that drops special tokens leaves Qwen's and Hermes' turn as `</tool_call>`,
 * maybe the bare role word, then the tool's `<tool_response>`.
 */
const inventedTurn = new RegExp(`(?:(</tool_call>)|${turnEnds})\\s*(?:${toolTurnOpeners}|(?:(?:user|tool)[ \\t]*\\r?\\n\\s*)?<tool_response>)`);

/**
 * `text` (a reply with its reasoning already removed, so a call imagined there ends nothing) up to the
 * end of the model's turn when a tool's turn it invented follows, without the end-of-turn token (a
 * call's close stays); else `text` unchanged.
 */
export function withoutInventedToolTurn(text: string): string {
  const match = inventedTurn.exec(text);
  if (!match) return text;
  return text.slice(0, match.index + (match[1] ?? '').length).trimEnd();
}
