/**
 * The parse pipeline every codec shares (DESIGN §4): normalize the text, read it in the protocol's own
 * dialect, then in every other known dialect (drift), validate strictly, and never throw.
 * A codec whose plain text is an answer (xml, native) passes `plainText`; text holding a tool-call
 * attempt no reader could read is then rejected instead of taken as the answer (`findCallAttempt`).
 * The answer is the reply as written, so a fence around the whole reply stays part of it (readers see
 * the text without it), unless the fence holds one JSON value: then that value's text is the answer.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ParseOptions, ParseResult } from './codec.ts';
import { failedResult, acceptReading } from './accept-reading.ts';
import { findCallAttempt } from './dialects/find-call-attempt.ts';
import { withoutAnswerFraming } from './extract/answer-framing.ts';
import { withoutLaterReasoning } from './extract/later-reasoning.ts';
import { normalizeOutput } from './extract/normalize-output.ts';
import { blankQuoted } from './extract/blank-quoted.ts';
import { trimmedIndent } from './extract/indented-blocks.ts';
import { withoutReplyIndent } from './extract/reply-indent.ts';
import { maxBracketDepth, nestsTooDeep } from './extract/bracket-depth.ts';
import { uncoveredCall } from './uncovered-call.ts';
import { strayProse } from './stray-prose.ts';
import { markedAnswer } from './marked-answer.ts';
import { asWrittenOr, takesSameDecisions } from './quoted-values.ts';
import { commentedCall } from './commented-call.ts';
import { lazyQuotedCall } from './lazy-quoted-call.ts';
import { answerMarkup } from './answer-markup.ts';
import { reasoningCall } from './reasoning-call.ts';
import { fencedOnlyAttempt } from './fenced-only-attempt.ts';
import { type PartialReading, widens } from './wider-reading.ts';
import type { DialectReader, Reading, ReaderContext, ReadFailure } from './reading.ts';
import { callAttemptMask, driftReaderMasks, driftReaders, mayRead, mayReadText, presentCharacters } from './dialects/drift-readers.ts';

export interface TurnSpec {
  /** The protocol's own dialect. */
  primary: DialectReader;
  /** Read when no dialect is present: plain text as the answer. */
  plainText?: (text: string) => Reading | undefined;
  /** Removes protocol-specific noise before reading (after normalization). */
  prepare?: (text: string) => string;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Kinds that say a dialect was understood (tool, args, count): more useful than "could not read". */
const preciseKinds = new Set(['unknown-tool', 'invalid-args', 'too-many-actions', 'unknown-action', 'unknown-variable', 'status-mismatch']);
/** True when a reading of a comment's text runs a call or refuses one (an attempt); an empty or plain answer is not. */
const holdsCall = (result: ParseResult): boolean =>
  result.success ? result.decisions.some((decision) => decision.action === 'call_tool') : result.error.kind !== 'empty';
const isVague = (result: ParseResult): boolean => !result.success && !preciseKinds.has(result.error.kind);

/** The per-parse values `acceptReading` needs, gathered once. */
interface AcceptContext {
  raw: string;
  tools: readonly ToolSpec[];
  maxActions: number;
  repaired: boolean;
}

const prepared = (spec: TurnSpec, text: string): string => (spec.prepare ? spec.prepare(text).trim() : text);

function accept(reading: Reading, context: AcceptContext, repaired: boolean): ParseResult {
  context.repaired = repaired;
  return acceptReading(reading, context);
}

/**
 * What the primary reader is told: the optional fields only when the options hold them. One literal
 * per case: a field added later would grow a property store on every parse.
 */
export function primaryContext(tools: readonly ToolSpec[], handlers: readonly string[], options: ParseOptions): ReaderContext {
  const variables = options?.variables;
  const toolCalls = options?.toolCalls;
  if (variables) return toolCalls === undefined ? { tools, primary: true, handlers, variables } : { tools, primary: true, handlers, variables, toolCalls };
  return toolCalls === undefined ? { tools, primary: true, handlers } : { tools, primary: true, handlers, toolCalls };
}

/**
 * `result`, unless another dialect holds a call `reading` left out (`uncoveredCall`) or the prose
 * around its calls or an answer it read holds markup (`strayProse`, `markedAnswer`): then that correction.
 */
function covered(text: string, reading: Reading, result: ParseResult, present: number, context: AcceptContext): ParseResult {
  const missing = uncoveredCall(text, reading, context.tools, present) ?? strayProse(text, reading, context.tools, present) ?? markedAnswer(reading, context.tools);
  return missing ? failedResult(missing, context.raw, context.tools) : result;
}

/** `result`, unless the prose around the calls of `reading` holds markup (`strayProse`). */
function proseChecked(text: string, reading: Reading, result: ParseResult, context: AcceptContext): ParseResult {
  const stray = strayProse(text, reading, context.tools) ?? markedAnswer(reading, context.tools);
  return stray ? failedResult(stray, context.raw, context.tools) : result;
}

/** What one reading of a reply needs: the text readers see, the reply as written, and the parse's settings. */
interface ReplyText {
  text: string;
  written: string;
  normalized: ReturnType<typeof normalizeOutput>;
  options: ParseOptions;
  context: AcceptContext;
}

/** The correction for a plain answer holding a call in an HTML comment, each comment read as a reply (`commented-call.ts`). */
function hiddenCall(spec: TurnSpec, answer: string, options: ParseOptions): ReadFailure | undefined {
  return commentedCall(answer, (inner) => holdsCall(parseTurn(spec, inner, options)));
}

/** The correction for lines lazily continuing a > quote that hold a call, each run read as a reply (`lazy-quoted-call.ts`). */
function lazyCall(spec: TurnSpec, written: string, options: ParseOptions): ReadFailure | undefined {
  return lazyQuotedCall(written, (lines) => holdsCall(parseTurn(spec, lines, options)));
}

/** Why a reply with nothing to read is refused: empty, or only reasoning (the model stopped before deciding). */
const emptyMessage = (reasoning: readonly string[]): string =>
  reasoning.length > 0 ? 'the reply holds only reasoning and no decision: after the reasoning, call a tool or answer' : 'the output is empty';

/** Reads `text` in the protocol's own dialect, then in every other, then as a plain answer. */
function readReply(spec: TurnSpec, { text, written, normalized, options, context }: ReplyText): ParseResult {
  const { raw, tools } = context;
  // Readers whose characters the text lacks would read nothing: they are not called (`drift-readers.ts`).
  // The protocol's own reader looks up its own characters only: a clean turn needs no more.
  const handlers = Array.isArray(options?.handlers) ? options.handlers : [];
  const own = mayReadText(spec.primary.needs, text) ? spec.primary.read(text, primaryContext(tools, handlers, options)) : undefined;
  const ownResult = own ? accept(own, context, normalized.unfenced) : undefined;
  // A clean reading of the protocol's own dialect is the whole reply: nothing else to account for.
  if (ownResult?.success && own) {
    if (own.repaired || normalized.unfenced) return covered(text, own, ownResult, presentCharacters(text), context);
    // Stray prose is looked for only by the characters a call attempt needs, and only where the
    // reading left prose (`strayProse` looks them up itself: a reply that is one call has none).
    return proseChecked(text, own, ownResult, context);
  }
  const present = presentCharacters(text);
  if (own?.conclusive) return ownResult as ParseResult;
  if (text === '' && !ownResult) return failedResult({ kind: 'empty', message: emptyMessage(normalized.reasoning) }, raw, tools);
  const strongOwnFailure = own?.weak ? undefined : ownResult;

  let driftFailure: ParseResult | undefined;
  let driftContext: ReaderContext | undefined;
  // The first reading that leaves markup around its calls: a later reader may account for that markup (`wider-reading.ts`).
  let partial: PartialReading | undefined;
  for (let index = 0; index < driftReaders.length; index++) {
    const reader = driftReaders[index] as DialectReader;
    if (reader.dialect === spec.primary.dialect || !mayRead(driftReaderMasks[index] as number, present)) continue;
    driftContext ??= { tools, primary: false };
    const reading = reader.read(text, driftContext);
    if (!reading || reading.coverageOnly) continue;
    const result = accept(reading, context, true);
    if (result.success) {
      const checked = covered(text, reading, result, present, context);
      if (widens(partial, checked, reading.dialect)) return checked;
      partial ??= checked.success ? undefined : { calls: result, correction: checked };
      continue;
    }
    if (partial) continue;
    if (reading.conclusive) return result;
    if (!driftFailure || (isVague(driftFailure) && !isVague(result))) driftFailure = result;
  }
  if (partial) return partial.correction;
  const failure = strongOwnFailure ?? driftFailure ?? ownResult;
  if (failure) return failure;
  // Reasoning written again later in the answer of a reply that opened with reasoning (`later-reasoning.ts`).
  const answer = spec.plainText ? withoutLaterReasoning(withoutAnswerFraming(written), normalized.reasoning.length > 0) : written;
  if (answer === '') return failedResult({ kind: 'empty', message: emptyMessage(normalized.reasoning) }, raw, tools);
  // The fence around the whole reply is gone from `text`; its label (```` ```tool_code ````) may say it is a call.
  const fenced = normalized.fencedText;
  const attempt =
    spec.plainText && mayRead(callAttemptMask, present)
      ? (findCallAttempt(answer === written ? text : blankQuoted(answer), tools) ??
        (fenced === undefined ? undefined : findCallAttempt(fenced, tools)) ??
        fencedOnlyAttempt(answer, (body) => findCallAttempt(body, tools)) ??
        answerMarkup(fenced ?? answer, tools))
      : undefined;
  if (attempt) return failedResult(attempt, raw, tools);
  // A plain-text answer is the reply as written: a fenced block stays fenced, unless it holds one
  // JSON value (structured output, the fence is noise around it).
  const keepFence = normalized.fencedText !== undefined && !isJson(answer);
  const plain = spec.plainText?.(keepFence ? prepared(spec, normalized.fencedText ?? answer) : answer);
  if (plain) return accept(plain, context, normalized.unfenced && !keepFence);
  return failedResult({ kind: 'no-decision', message: 'no decision found in the output' }, raw, tools);
}

export function parseTurn(spec: TurnSpec, rawInput: unknown, options: ParseOptions): ParseResult {
  // Filled inside the `try`: a value whose conversion to text throws is a failed reading too.
  let raw = '';
  let tools: readonly ToolSpec[] = [];
  try {
    raw = typeof rawInput === 'string' ? rawInput : String(rawInput ?? '');
    tools = Array.isArray(options?.tools) ? options.tools : [];
    const maxActions = Math.max(1, Math.floor(Number(options?.maxActions ?? 1)) || 1);
    const context: AcceptContext = { raw, tools, maxActions, repaired: false };
    if (nestsTooDeep(raw)) {
      return failedResult({ kind: 'invalid-json', message: `brackets nested more than ${maxBracketDepth} levels deep (no value may be nested more than 64 levels deep): write shallow JSON` }, raw, tools);
    }
    const normalized = normalizeOutput(raw);
    const asSent = prepared(spec, normalized.text);
    // A reply indented as a whole is read without that layout (`reply-indent.ts`).
    const indent = trimmedIndent(raw, asSent);
    const written = withoutReplyIndent(asSent, indent);
    const leading = written === asSent ? indent : '';
    // Readers see quoted examples blanked (`blank-quoted.ts`); a plain-text answer is `written`.
    const text = blankQuoted(written, leading);
    const result = readReply(spec, { text, written, normalized, options, context });
    // A plain answer after reasoning that holds a call of an offered tool is corrected (`reasoning-call.ts`).
    const inReasoning = spec.plainText && normalized.reasoning.length > 0 ? reasoningCall(result, normalized.reasoning, (block) => parseTurn(spec, block, options)) : undefined;
    if (inReasoning) return failedResult(inReasoning, raw, tools);
    if (text === written) return result;
    // A call lazily continuing a > quote may be what the blanked reading misses: name that (`lazy-quoted-call.ts`).
    if (!result.success) {
      const lazy = lazyCall(spec, written, options);
      return lazy ? failedResult(lazy, raw, tools) : result;
    }
    // A plain answer whose comments hold a call is corrected (`commented-call.ts`).
    const hidden = spec.plainText && !result.decisions.some((decision) => decision.action === 'call_tool') ? hiddenCall(spec, written, options) : undefined;
    if (hidden) return failedResult(hidden, raw, tools);
    // A quotation inside a value is that value's text (`quoted-values.ts`).
    const asWritten = readReply(spec, { text: written, written, normalized, options, context: { raw, tools, maxActions, repaired: false } });
    // Where it is not, lines continuing a > quote lazily that hold a call read two ways (`lazy-quoted-call.ts`).
    const lazy = takesSameDecisions(result, asWritten) ? undefined : lazyCall(spec, written, options);
    if (lazy) return failedResult(lazy, raw, tools);
    const outcome = asWrittenOr(result, asWritten, written, text, leading);
    return 'kind' in outcome ? failedResult(outcome, raw, tools) : outcome;
  } catch (cause) {
    return failedResult({ kind: 'no-decision', message: 'the output could not be read' }, raw, tools, cause);
  }
}
