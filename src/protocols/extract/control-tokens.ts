/**
 * Model control tokens that are not written `<|..|>` or `<｜..｜>`, as regular-expression sources. A
 * detokenizer that keeps special tokens prints them like text, so a reply may hold them; each is
 * markup of a chat template, never part of an answer (`findCallAttempt`), and the end-of-sequence
 * one ends the reply (`stray-prose.ts`, `strip-reply-markers.ts`).
 *
 * `</s>` (Llama 2, Mistral and other SentencePiece vocabularies) is also HTML's strikethrough close
 * tag: it is the token only where it closes no `<s>` opened before it (`Use <s>old</s> new` keeps its
 * tag, `Done.</s> more` has text after the end of the reply).
 */
import { escapeRegExp } from './marker-source.ts';
import { endOfTurnTokens } from './reply-markers.ts';


/**
 * `</s>` with no `<s>` before it that is still open. The token comes first, so the look back runs only
 * where a `</s>` stands, and it stops at the `</s>` before it: linear in the text.
 */
export const unpairedEndOfSequence = String.raw`<\/s>(?<!<s>(?:(?!<\/s>)[\s\S])*<\/s>)`;

/**
 * A barred token whose name says only that a turn or the text ends, the families not listed included:
 * `<|eos|>` (Hunyuan), `<|assistant_end|>` (Apertus), `<|turn_end|>`, `<|end_of_message|>`, and the
 * stop marker prompts ask a model to end with (`<|stop|>`: generation stops there). The name is `eos`,
 * `eot`, `stop` or `end` (`end_of_turn`, `endoftext`, ...), after at most a speaker or turn word and before
 * at most `_id` or `_token`: a token that ends a call, a list or reasoning (`<|tool_call_end|>`,
 * `<|python_end|>`, `<|end_header_id|>`) names that thing and is no end of turn.
 */
export const namedEndOfTurn = String.raw`<\|(?:(?:assistant|model|im|turn|msg|message|bot)_)?(?:eos|eot|stop|end(?:_?of_?(?:turn|text|sentence|message|msg))?)(?:_(?:id|token))?\|>`;

/** Every token that ends a turn or the text: the listed end-of-turn tokens, the named ones and an unpaired `</s>`. */
export const endOfTurnSource = [...endOfTurnTokens.map(escapeRegExp), namedEndOfTurn, unpairedEndOfSequence].join('|');

/**
 * Template tokens of vocabularies that spell them without bars (or with one): Gemma's turn opener and its
 * begin-of-sequence token, TeleChat's and Baichuan's turn tokens (`<end_of_turn>` and `<eos>` end a turn: `endOfTurnTokens`), and Mistral's
 * control tokens in brackets (`[INST]`, `[/INST]`, `[TOOL_RESULTS]`, ...: a model that writes one has
 * started another turn or invented a tool's result). Mistral's `[TOOL_CALLS]`, `[ARGS]` and `[CALL_ID]`
 * belong to its calls (`mistral.ts`): `[ARGS]` alone is common prose (`cmd [ARGS]`).
 */
export const bareControlTokenSource = [
  '<start_of_turn>',
  '<bos>',
  // Gemma 4's turn opener (its close, `<turn|>`, ends a turn).
  String.raw`<\|turn>`,
  String.raw`\[\/?(?:INST|TOOL_RESULTS|AVAILABLE_TOOLS|SYSTEM_PROMPT|TOOL_CONTENT)\]`,
  // TeleChat 2's turn openers, and Baichuan 2's user and assistant tokens: a reply holding one has started another turn.
  '<_(?:user|bot|system)>',
  '<reserved_10[67]>',
].join('|');
