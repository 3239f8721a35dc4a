/**
 * First step of lenient extraction: remove what is never part of a decision: a byte-order mark,
 * reasoning that precedes the reply and the markers around the reply (the table in `reply-markers.ts`:
 * `<think>`, `[THINK]`, `<seed:think>`, `<|START_THINKING|>`, Gemma 4 `<|channel>thought`, Apertus
 * `<|inner_prefix|>`, `<|START_RESPONSE|>`, `[BEGIN FINAL RESPONSE]`, ...), GPT-OSS harmony channels
 * (`readHarmonyMessages`: analysis is reasoning, a message with a recipient stays a tool call), MuseGlimmer
 * messages (`readMuseMessages`: to `self` is reasoning, to `user` the reply, to a tool a call), the
 * suffix of HY v3's call tags (`<tool_call:opensource>`, `suffixed-tags.ts`), and one
 * code fence wrapping the whole reply (not a ```` ```tool ```` fence: that one is a Continue call block; nor
 * one labelled as output, `output-fence.ts`), and a tool's turn the model
 * invented after its own turn ended (`invented-tool-turn.ts`). Only leading reasoning is removed, and reasoning
 * right after a call's closing tag (`interleaved-reasoning.ts`), so a reply that merely mentions these markers keeps them.
 */
import { callFenceLabel } from './call-fence-label.ts';
import { labelsOutput } from './output-fence.ts';
import { readHarmonyMessages } from './harmony-messages.ts';
import { readMuseMessages } from './muse-messages.ts';
import { holdsReplyMarker, stripReplyMarkers } from './strip-reply-markers.ts';
import { withoutTagSuffix } from './suffixed-tags.ts';
import { withoutInventedToolTurn } from './invented-tool-turn.ts';
import { withoutNamedReasoning } from './named-reasoning-element.ts';
import { withoutInterleavedReasoning } from './interleaved-reasoning.ts';

export interface NormalizedOutput {
  /** The text with noise removed, trimmed. */
  text: string;
  /** The reasoning that was removed, in order (not a decision; kept for diagnostics). */
  reasoning: string[];
  /** True when a code fence around the whole reply was removed (noise, so the reply counts as repaired). */
  unfenced: boolean;
  /**
   * Set when `unfenced`: the text with that fence, as written. A plain-text answer that is one fenced
   * block is that block, fence included.
   */
  fencedText?: string;
}

const wholeFence = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;
/**
 * Fences whose label says a call follows (Continue's ```` ```tool ````, mini-swe-agent's command fence,
 * ```` ```tool_code ```` and its spellings: `call-fence-label.ts`): kept for their readers.
 */
const toolFence = new RegExp(`^\`\`\`(?:tool|mswea_bash_command|${callFenceLabel})[ \\t]*\\r?\\n`, 'i');

export function normalizeOutput(raw: string): NormalizedOutput {
  // Line ends stay as written: a `\r\n` inside a JSON string or a parameter value is part of the value.
  const input = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  // Most replies hold no marker: stripping would only trim them (no object made for that).
  const stripped = holdsReplyMarker(input) ? stripReplyMarkers(input) : undefined;
  // A fresh array per call, so it is extended in place.
  const reasoning = stripped ? stripped.reasoning : [];
  let text = stripped ? stripped.text : input.trim();
  // Muse and harmony messages, suffixed call tags and the ends of a turn are all written with a `<`: most JSON replies hold none.
  const angled = text.includes('<');
  // A tool's turn the model invented after its own turn ended is no part of the reply (`invented-tool-turn.ts`);
  // looked for once the reasoning is gone, where a call the model only imagined ends nothing.
  if (angled) text = withoutInventedToolTurn(text);
  const messages = angled ? (readMuseMessages(text) ?? readHarmonyMessages(text)) : undefined;
  if (messages) {
    reasoning.push(...messages.reasoning);
    text = messages.text;
  }
  text = (angled ? withoutTagSuffix(text) : text).trim();
  // Reasoning in an element of a framework's own naming, and a call element declaring no call (`named-reasoning-element.ts`).
  if (angled) {
    const named = withoutNamedReasoning(text);
    reasoning.push(...named.reasoning);
    // Reasoning a thinking model wrote between its calls (`interleaved-reasoning.ts`).
    const interleaved = withoutInterleavedReasoning(named.text);
    reasoning.push(...interleaved.reasoning);
    text = interleaved.text;
  }
  const written = text;
  // A fence line inside (```` ```\n```tool ````) means several blocks, not one block around the reply.
  // A ```` ```tool ```` fence is Continue's call block, not noise around the reply: it stays.
  // Nor is one labelled as output (`output-fence.ts`): what it shows a tool returned stays quoted.
  const whole = text.startsWith('```') && !toolFence.test(text) && !labelsOutput(text.split('\n', 1)[0] ?? '') ? wholeFence.exec(text) : null;
  const fenced = whole && !/^[ \t]*```/m.test(whole[1] ?? '') ? whole : null;
  if (fenced) text = (fenced[1] ?? '').trim();
  const parts = reasoning.includes('') ? reasoning.filter((part) => part !== '') : reasoning;
  return fenced ? { text, reasoning: parts, unfenced: true, fencedText: written } : { text, reasoning: parts, unfenced: false };
}
