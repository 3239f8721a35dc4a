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
import { driftReaders } from './dialects/drift-readers.ts';
import { findCallAttempt } from './dialects/find-call-attempt.ts';
import { normalizeOutput } from './extract/normalize-output.ts';
import type { DialectReader, Reading } from './reading.ts';

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
const preciseKinds = new Set(['unknown-tool', 'invalid-args', 'too-many-actions']);
const isVague = (result: ParseResult): boolean => !result.success && !preciseKinds.has(result.error.kind);

export function parseTurn(spec: TurnSpec, rawInput: unknown, options: ParseOptions): ParseResult {
  // Filled inside the `try`: a value whose conversion to text throws is a failed reading too.
  let raw = '';
  let tools: readonly ToolSpec[] = [];
  try {
    raw = typeof rawInput === 'string' ? rawInput : String(rawInput ?? '');
    tools = Array.isArray(options?.tools) ? options.tools : [];
    const maxActions = Math.max(1, Math.floor(Number(options?.maxActions ?? 1)) || 1);
    const accept = (reading: Reading, repaired: boolean) => acceptReading(reading, { raw, tools, maxActions, repaired });
    const normalized = normalizeOutput(raw);
    const prepare = (given: string) => (spec.prepare ? spec.prepare(given).trim() : given);
    const text = prepare(normalized.text);

    const own = spec.primary.read(text, { tools, primary: true });
    const ownResult = own ? accept(own, normalized.unfenced) : undefined;
    if (ownResult?.success || own?.conclusive) return ownResult as ParseResult;
    if (text === '' && !ownResult) return failedResult({ kind: 'empty', message: 'the output is empty' }, raw, tools);
    const strongOwnFailure = own?.weak ? undefined : ownResult;

    let driftFailure: ParseResult | undefined;
    for (const reader of driftReaders) {
      if (reader.dialect === spec.primary.dialect) continue;
      const reading = reader.read(text, { tools, primary: false });
      if (!reading) continue;
      const result = accept(reading, true);
      if (result.success || reading.conclusive) return result;
      if (!driftFailure || (isVague(driftFailure) && !isVague(result))) driftFailure = result;
    }
    const failure = strongOwnFailure ?? driftFailure ?? ownResult;
    if (failure) return failure;
    const attempt = spec.plainText ? findCallAttempt(text, tools) : undefined;
    if (attempt) return failedResult(attempt, raw, tools);
    // A plain-text answer is the reply as written: a fenced block stays fenced, unless it holds one
    // JSON value (structured output, the fence is noise around it).
    const keepFence = normalized.fencedText !== undefined && !isJson(text);
    const plain = spec.plainText?.(keepFence ? prepare(normalized.fencedText ?? text) : text);
    if (plain) return accept(plain, normalized.unfenced && !keepFence);
    return failedResult({ kind: 'no-decision', message: 'no decision found in the output' }, raw, tools);
  } catch (cause) {
    return failedResult({ kind: 'no-decision', message: 'the output could not be read' }, raw, tools, cause);
  }
}
