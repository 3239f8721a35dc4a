/**
 * A reply that ends its turn and opens another assistant turn goes on as the same speaker:
 *
 *   I will check.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name": ..}]<|im_end|>
 *
 * Some templates put a model's calls in a message of their own (HyperCLOVA X writes its reasoning or
 * content, ends the turn and opens `assistant -> tool/function_call`); any model may run past its end of
 * turn into a second assistant message when the server does not stop there. Such a boundary (a marker
 * flagged `turnHeader` in `reply-markers.ts`: its end-of-turn token, then its own assistant header) is
 * framing: it becomes a blank line, and both messages are read as one reply, so a call on either side is
 * read or refused and nothing before the boundary is dropped. Other roles after an end of turn (a user
 * or tool turn the model invented) are no boundary: they stay markup (`invented-tool-turn.ts`).
 *
 * Any end-of-turn token before an assistant header is such a boundary, not only the template's own close:
 * Llama 3.1 ends a message after a call with `<|eom_id|>` as well as `<|eot_id|>`, and a model writing
 * past either opens the next assistant message the same way. Tokens that announce another role's message
 * (GLM's `<|observation|>`, `<|user|>`) are no end of the assistant's own message and stay markup.
 */
import { markerSource } from './marker-source.ts';
import { endOfTurnTokens, replyMarkers } from './reply-markers.ts';

/** A header ending in a letter must end there: `<|im_start|>assistant` is not `<|im_start|>assistants`. */
const headerEnd = (open: string): string => (/\w$/.test(open) ? '(?!\\w)' : '');

/** End-of-turn tokens that hand the turn to another role: an assistant header after them is no continuation. */
const otherRoleNext = new Set(['<|observation|>', '<|user|>']);

const turnHeaders = replyMarkers.filter((marker) => marker.turnHeader);
const closes = [...new Set([...turnHeaders.map((marker) => marker.close), ...endOfTurnTokens.filter((token) => !otherRoleNext.has(token))])];
const closeSource = closes.map(markerSource).join('|');

const headerSource = turnHeaders.map((marker) => `${markerSource(marker.open)}${headerEnd(marker.open)}`).join('|');

const boundary = new RegExp(`(?:${closeSource})\\s*(?:${headerSource})[ \\t]*(?:\\r?\\n)*`, 'gi');

export function joinAssistantTurns(text: string): string {
  // A blank line: the two messages stay apart as paragraphs.
  return text.replace(boundary, '\n\n');
}
