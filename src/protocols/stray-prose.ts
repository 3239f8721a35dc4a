/**
 * Coverage after the calls are read (invariant 1): the spans a reading's calls were read from
 * (`Reading.spans`) and the framing of its dialect around them (`dialect-framing.ts`) are accounted
 * for; every other character of the reply is prose. Prose holding a call attempt in any dialect or a
 * model special token (`findCallAttempt`) is refused with a correction naming it, wherever it stands:
 * before the first call, between calls, after the last. Plain prose stays what the codec makes of it
 * (a reason, or dropped).
 *
 * An end-of-turn token (`<|im_end|>`, `<|eom_id|>`, ...) ends the reply: at the very end it is framing
 * the normalizer drops, and between calls or after one it is framing when only framing and calls
 * follow it. Text after it is refused, naming the token, as in an answer (`Hello<|im_end|>more`):
 * the model wrote past the end of its turn, and what it meant there is not reins' guess.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ReadFailure, Reading } from './reading.ts';
import { callAttemptHint, findCallAttempt } from './dialects/find-call-attempt.ts';
import { callAttemptMask, mayRead, presentCharacters } from './dialects/drift-readers.ts';
import { framingOf } from './extract/dialect-framing.ts';
import { endOfTurnSource } from './extract/control-tokens.ts';
import { unclosedWrapper } from './unclosed-wrapper.ts';
import { callInArgument } from './call-in-argument.ts';
import { inventedResult } from './invented-result.ts';
import { argumentsAfterCall } from './arguments-after-call.ts';
import { objectLineBesideCall } from './object-line-beside-call.ts';
import { callInReasoningBlock } from './call-in-reasoning-block.ts';

const endOfTurn = new RegExp(endOfTurnSource, 'g');
const inlineCode = /`[^`\n]+`/g;
/** An end-of-turn token with text after it (in one piece of prose). */
const textAfterEnd = new RegExp(`(${endOfTurnSource})\\s*\\S`);

/** True when `piece` holds more than space and end-of-turn tokens (each of which opens with `<`). */
const holdsText = (piece: string): boolean => (piece.includes('<') ? piece.replace(endOfTurn, '') : piece).trim() !== '';

/**
 * `piece` (prose after a call) without the framing at its start. A call-opening token there followed
 * by text opens a call that was not read: it stays, with what follows it.
 */
function afterLead(piece: string, lead: RegExp, opener: RegExp | undefined): string {
  const framed = lead.exec(piece);
  if (!framed) return piece;
  const rest = piece.slice(framed[0].length);
  const opens = opener && holdsText(rest) ? opener.exec(framed[0]) : null;
  return opens ? piece.slice(opens.index) : rest;
}

/** The prose of `text` outside `spans`, each stretch with the dialect's framing next to a call removed. */
function proseOf(text: string, spans: ReadonlyArray<readonly [number, number]>, dialect: string): string[] {
  const { lead, trail, opener, anywhere } = framingOf(dialect);
  const pieces: string[] = [];
  let from = 0;
  for (let index = 0; index <= spans.length; index++) {
    const span = spans[index];
    const end = span ? span[0] : text.length;
    if (end > from) {
      // Framing counts only next to a call: after the one before the piece, before the one after it.
      let piece = text.slice(from, end);
      if (index > 0) piece = afterLead(piece, lead, opener);
      if (span) piece = piece.replace(trail, '');
      if (anywhere) piece = piece.replace(anywhere, ' ');
      // Inline code quotes markup (as in an answer, `findCallAttempt`): an end-of-turn token there ends nothing.
      if (piece.includes('`')) piece = piece.replace(inlineCode, ' ');
      // End-of-turn tokens with nothing but framing and calls after them are framing too.
      if (holdsText(piece)) pieces.push(piece);
    }
    if (span) from = Math.max(from, span[1]);
  }
  return pieces;
}

/**
 * The characters of `callAttemptNeeds` (as `presentCharacters` bits) that `text` holds outside `spans`;
 * only those the whole text holds (`present`) are looked up.
 */
function attemptCharactersOutside(text: string, spans: ReadonlyArray<readonly [number, number]>, present: number): number {
  const mask = callAttemptMask & present;
  let outside = 0;
  let from = 0;
  for (const [start, end] of spans) {
    if (start > from) outside |= presentCharacters(text.slice(from, start), mask);
    from = Math.max(from, end);
  }
  return outside | presentCharacters(text.slice(from), mask);
}

/** Every bit of `presentCharacters` set: each character may be in the text. */
const anyCharacters = -1;

/** The tools a reading's calls run. */
function calledTools(reading: Reading): Set<string> {
  const called = new Set<string>();
  for (const item of reading.items) {
    if (typeof item === 'object' && item !== null && 'tool' in item && typeof item.tool === 'string') called.add(item.tool);
  }
  return called;
}

/**
 * A failure naming the first call attempt or special token in the prose of an accepted `reading`;
 * undefined when its prose holds none. `present`: the characters `text` holds (`presentCharacters`),
 * where the caller has looked them up; without it every character may be present, and the prose is
 * looked up for all of them (a reading without spans has no prose, so nothing is looked up at all).
 */
export function strayProse(text: string, reading: Reading, tools: readonly ToolSpec[], present = anyCharacters): ReadFailure | undefined {
  const spans = reading.spans;
  if (!spans || spans.length === 0) return undefined;
  const unclosed = unclosedWrapper(text, spans) ?? (text.includes('</') ? callInArgument(text, spans) : undefined);
  if (unclosed) return unclosed;
  const drafted = text.includes('</') ? callInReasoningBlock(text, spans) : undefined;
  if (drafted) return drafted;
  const invented = spans.length > 1 ? inventedResult(text, spans) : undefined;
  if (invented) return invented;
  const leftArguments = text.includes('{') ? argumentsAfterCall(text, reading) : undefined;
  if (leftArguments) return leftArguments;
  const objectLine = text.includes('{') ? objectLineBesideCall(text, reading) : undefined;
  if (objectLine) return objectLine;
  // Every call attempt and end-of-turn token holds one of a few characters (`callAttemptNeeds`), and
  // taking framing away adds none: text outside the calls without them (a call's reason, most often) holds neither.
  if (!mayRead(callAttemptMask, attemptCharactersOutside(text, spans, present))) return undefined;
  const pieces = proseOf(text, spans, reading.dialect);
  if (pieces.length === 0) return undefined;
  for (const piece of pieces) {
    const ended = textAfterEnd.exec(piece);
    if (!ended) continue;
    // What follows the token is named too, where it holds markup.
    const after = findCallAttempt(piece.slice(ended.index + (ended[1] ?? '').length), tools, 'outside the call(s) read');
    const message = `the reply goes on after the end-of-turn token ${ended[1] ?? ''}: ${after ? after.message : 'end the reply there'}`;
    return { ...after, kind: 'no-decision', message, details: [callAttemptHint] };
  }
  // Joined by line breaks: a token is never made of two pieces, and a line-anchored marker stays one.
  return findCallAttempt(pieces.join('\n'), tools, 'outside the call(s) read', calledTools(reading));
}
