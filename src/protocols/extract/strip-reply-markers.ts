/**
 * Removes the reasoning and reply markers of `replyMarkers` from the start of a reply:
 * - reasoning blocks at the start are dropped (their text is kept as reasoning); one left unclosed
 *   runs to the end, or to the first tool-call section token (`callSectionTokens`); a closed one holding
 *   Kimi K2 calls ends where they start, and the calls and the text after them are the reply;
 * - a content wrapper at the start gives its inner text (and what follows its close) as the reply;
 * - a reply that starts inside reasoning the chat template opened (a close marker with no open one,
 *   e.g. `…</think>answer`) loses the text before that marker;
 * - empty special-token blocks, stray special-token markers and end-of-turn tokens at the end are dropped.
 * A marker made of special tokens also matches with spaces beside its tokens (`markerSource`).
 * Only the start is read, so a reply that merely mentions such a marker later keeps it.
 * Most replies hold no marker at all: one combined pattern of every marker is tested first, and such
 * a reply skips the per-marker patterns.
 */
import { joinAssistantTurns } from './assistant-turns.ts';
import { endOfTurnSource, namedEndOfTurn } from './control-tokens.ts';
import { escapeRegExp, markerSource } from './marker-source.ts';
import { callSectionTokens, endOfTurnTokens, type ReplyMarker, replyMarkers } from './reply-markers.ts';

export interface StrippedReply {
  /** The reply without the markers (not trimmed at the end). */
  text: string;
  /** The reasoning removed, in order (empty blocks included as ''). */
  reasoning: string[];
}

interface CompiledMarker {
  marker: ReplyMarker;
  atStart: RegExp;
  open: RegExp;
  close: RegExp;
}

// Longest open marker first, so `<|begin|>assistant<|content|>` wins over `<|content|>`.
const compiled: readonly CompiledMarker[] = [...replyMarkers]
  .sort((left, right) => right.open.length - left.open.length)
  .map((marker) => ({
    marker,
    atStart: new RegExp(`^(?:${markerSource(marker.open)})+`, 'i'),
    open: new RegExp(markerSource(marker.open), 'i'),
    close: new RegExp(markerSource(marker.close), 'i'),
  }));
const anyOpen = new RegExp(replyMarkers.map((marker) => markerSource(marker.open)).join('|'), 'i');
/** Any open or close marker: without one, no rule below can apply. */
const anyMarker = new RegExp(
  [...[...new Set([...replyMarkers.flatMap((marker) => [marker.open, marker.close]), ...endOfTurnTokens])].map(markerSource), namedEndOfTurn].join('|'),
  'i',
);
const callSection = new RegExp(callSectionTokens.map(escapeRegExp).join('|'));
/**
 * Kimi's call-section tokens (K2's, and K3's `<|open|>tools<|sep|>`): Kimi K2 Thinking writes its
 * calls inside the reasoning it closes later, and its servers run them (llama.cpp, Kilo Code; K3's in
 * TensorRT-LLM). Other families' calls inside closed reasoning stay reasoning, as their servers keep
 * them (DeepSeek V3.1 in llama.cpp), and a tag such as `<tool_call>` there may be the model thinking
 * about the format (`reasoning-call.ts` corrects the turn where the reply then makes no call).
 */
const kimiK2Calls = /<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>/;
const kimiK3Tools = /<\|open\|>[ \t]*tools[ \t]*<\|sep\|>/;
const kimiK3CallClose = /<\|close\|>[ \t]*call[ \t]*<\|sep\|>/;

/**
 * Where Kimi calls start inside `reasoning`, or -1. K3's tools section counts only with a call closed
 * in it: reasoning that recalls the format (`<|open|>tools<|sep|>...`) or breaks off a call stays
 * reasoning, as TensorRT-LLM reads K3.
 */
function callsInReasoning(reasoning: string): number {
  const k2 = kimiK2Calls.exec(reasoning);
  const k3 = kimiK3Tools.exec(reasoning);
  const k3Start = k3 && kimiK3CallClose.test(reasoning.slice(k3.index)) ? k3.index : -1;
  if (!k2) return k3Start;
  return k3Start >= 0 ? Math.min(k2.index, k3Start) : k2.index;
}

function withoutLabel(text: string, label: string | undefined): string {
  return label ? text.replace(new RegExp(`^${escapeRegExp(label)}(?=\\s|$)`, 'i'), '') : text;
}

/** Reads the block opening `text` with `entry`; returns the reasoning (if any) and the rest. */
function readLeadingBlock(text: string, entry: CompiledMarker, openLength: number): { reasoning?: string; rest: string } {
  const body = text.slice(openLength);
  const close = entry.close.exec(body);
  if (entry.marker.kind === 'content') {
    if (!close) return { rest: body };
    const after = body.slice(close.index + close[0].length);
    return { rest: body.slice(0, close.index) + (after.trim() === '' ? '' : `\n${after}`) };
  }
  const callsAt = close ? callsInReasoning(body.slice(0, close.index)) : (callSection.exec(body)?.index ?? -1);
  const calls = callsAt >= 0;
  const end = calls ? callsAt : close ? close.index : body.length;
  const reasoning = withoutLabel(body.slice(0, end).replace(entry.atStart, ''), entry.marker.label).trim();
  // Calls inside reasoning closed later: the calls and the text after them are the reply, up to the
  // close; what follows the close joins it (the reading accounts for every character of it).
  if (calls && close) return { reasoning, rest: `${body.slice(end, close.index)}\n${body.slice(close.index + close[0].length)}` };
  return { reasoning, rest: body.slice(close ? close.index + close[0].length : end) };
}

/** Text before the first marker that ends reasoning the template opened: `{reasoning, rest}`, or undefined. */
function templateReasoningEnd(text: string): { reasoning: string; rest: string } | undefined {
  let found: { index: number; length: number; kind: ReplyMarker['kind'] } | undefined;
  for (const entry of compiled) {
    if (!entry.marker.endsTemplateReasoning) continue;
    const match = (entry.marker.kind === 'reasoning' ? entry.close : entry.open).exec(text);
    if (match && (!found || match.index < found.index)) found = { index: match.index, length: match[0].length, kind: entry.marker.kind };
  }
  if (!found) return undefined;
  const prefix = text.slice(0, found.index);
  // JSON or markup before the marker is a reply that mentions the marker, not reasoning.
  if (anyOpen.test(prefix) || /^[{[<]/.test(prefix)) return undefined;
  const rest = found.kind === 'reasoning' ? text.slice(found.index + found.length) : text.slice(found.index);
  // Kimi K2 calls inside the reasoning: the reply, as in a block the model opened.
  const callsAt = callsInReasoning(prefix);
  if (callsAt >= 0) return { reasoning: prefix.slice(0, callsAt).trim(), rest: `${prefix.slice(callsAt)}\n${rest}` };
  return { reasoning: prefix.trim(), rest };
}

/** An empty block, a lone open marker or a stray close marker of a special token, or an end-of-turn token, at the end. */
const trailingMarkers: readonly RegExp[] = [
  ...compiled
    .filter(({ marker }) => marker.special && !marker.htmlTag)
    .map(({ marker, open, close }) => {
      const label = marker.label ? `(?:${escapeRegExp(marker.label)})?` : '';
      return new RegExp(`(?:${open.source}\\s*${label}\\s*)?(?:${close.source}|${open.source}\\s*${label})\\s*$`, 'i');
    }),
  // A run of them at once: a reply may end in many (a detokenizer that kept every one).
  new RegExp(`(?:(?:${endOfTurnSource})\\s*)+$`),
];

/**
 * How far back from the end the trailing markers are looked for. A marker is short, so a window keeps
 * each search bounded: searched over the whole text, a reply ending in thousands of end tokens took
 * time in the square of its length. (A `<s>` opened further back than this no longer pairs with a
 * final `</s>`, which is then read as the end-of-sequence token and dropped.)
 */
const trailingWindow = 2048;

function withoutTrailingMarkers(text: string): string {
  let rest = text.trimEnd();
  for (let changed = true; changed; ) {
    changed = false;
    for (const pattern of trailingMarkers) {
      const from = Math.max(0, rest.length - trailingWindow);
      const match = pattern.exec(rest.slice(from));
      if (!match) continue;
      rest = rest.slice(0, from + match.index).trimEnd();
      changed = true;
    }
  }
  return rest;
}

/** False when `text` holds no marker at all: `stripReplyMarkers` then only trims it. */
export const holdsReplyMarker = (text: string): boolean => anyMarker.test(text);

export function stripReplyMarkers(input: string): StrippedReply {
  if (!holdsReplyMarker(input)) return { text: input.trim(), reasoning: [] };
  const reasoning: string[] = [];
  let text = joinAssistantTurns(input);
  let consumed = false;
  // After a content wrapper (a turn header a server kept) only reasoning may open its text, and a
  // wrapper written after that reasoning (Granite's `<response>`): `<|im_start|>assistant\n<think>..`.
  let wrapped = false;
  let afterReasoning = false;
  for (;;) {
    text = text.replace(/^\s+/, '');
    const entry = compiled.find(
      (candidate) =>
        candidate.atStart.test(text) &&
        (consumed || !candidate.marker.onlyAfterReasoning) &&
        (!wrapped || candidate.marker.kind === 'reasoning' || (afterReasoning && candidate.marker.onlyAfterReasoning === true)),
    );
    if (entry) {
      const openLength = entry.open.exec(text)?.[0].length ?? 0;
      const block = readLeadingBlock(text, entry, openLength);
      if (block.reasoning !== undefined) reasoning.push(block.reasoning);
      text = block.rest;
      consumed = true;
      afterReasoning = entry.marker.kind === 'reasoning';
      if (entry.marker.kind === 'content') {
        if (wrapped) break;
        wrapped = true;
      }
      continue;
    }
    const ended = consumed ? undefined : templateReasoningEnd(text);
    if (!ended) break;
    reasoning.push(ended.reasoning);
    text = ended.rest;
    consumed = true;
  }
  return { text: withoutTrailingMarkers(text), reasoning };
}
