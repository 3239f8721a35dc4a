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
 */
import { markerSource } from './marker-source.ts';
import { replyMarkers } from './reply-markers.ts';

/** A header ending in a letter must end there: `<|im_start|>assistant` is not `<|im_start|>assistants`. */
const headerEnd = (open: string): string => (/\w$/.test(open) ? '(?!\\w)' : '');

const boundary = new RegExp(
  replyMarkers
    .filter((marker) => marker.turnHeader)
    .map((marker) => `(?:${markerSource(marker.close)})\\s*(?:${markerSource(marker.open)})${headerEnd(marker.open)}[ \\t]*(?:\\r?\\n)*`)
    .join('|'),
  'gi',
);

export function joinAssistantTurns(text: string): string {
  // A blank line: the two messages stay apart as paragraphs.
  return text.replace(boundary, '\n\n');
}
