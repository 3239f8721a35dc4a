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
import { endOfTurnTokens } from './reply-markers.ts';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `</s>` with no `<s>` before it that is still open. The token comes first, so the look back runs only
 * where a `</s>` stands, and it stops at the `</s>` before it: linear in the text.
 */
export const unpairedEndOfSequence = String.raw`<\/s>(?<!<s>(?:(?!<\/s>)[\s\S])*<\/s>)`;

/** Every token that ends a turn or the text: the listed end-of-turn tokens and an unpaired `</s>`. */
export const endOfTurnSource = [...endOfTurnTokens.map(escapeRegExp), unpairedEndOfSequence].join('|');

/**
 * Template tokens of vocabularies that spell them without bars: Gemma's turn opener and its
 * begin-of-sequence token (`<end_of_turn>` and `<eos>` end a turn: `endOfTurnTokens`), and Mistral's
 * control tokens in brackets (`[INST]`, `[/INST]`, `[TOOL_RESULTS]`, ...: a model that writes one has
 * started another turn or invented a tool's result). Mistral's `[TOOL_CALLS]`, `[ARGS]` and `[CALL_ID]`
 * belong to its calls (`mistral.ts`): `[ARGS]` alone is common prose (`cmd [ARGS]`).
 */
export const bareControlTokenSource = [
  '<start_of_turn>',
  '<bos>',
  String.raw`\[\/?(?:INST|TOOL_RESULTS|AVAILABLE_TOOLS|SYSTEM_PROMPT|TOOL_CONTENT)\]`,
].join('|');
