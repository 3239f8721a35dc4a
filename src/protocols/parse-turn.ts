/**
 * The parse pipeline every codec shares (DESIGN §4): normalize the text, read it in the protocol's own
 * dialect, then in every other known dialect (drift), validate strictly, and never throw.
 * A codec whose plain text is an answer (xml, native) passes `plainText`.
 */
import type { ParseOptions, ParseResult } from './codec.ts';
import { failedResult, acceptReading } from './accept-reading.ts';
import { driftReaders } from './dialects/drift-readers.ts';
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

export function parseTurn(spec: TurnSpec, rawInput: unknown, options: ParseOptions): ParseResult {
  const raw = typeof rawInput === 'string' ? rawInput : String(rawInput ?? '');
  const tools = Array.isArray(options?.tools) ? options.tools : [];
  try {
    const maxActions = Math.max(1, Math.floor(Number(options?.maxActions ?? 1)) || 1);
    const accept = (reading: Reading, repaired: boolean) => acceptReading(reading, { raw, tools, maxActions, repaired });
    const normalized = normalizeOutput(raw);
    const text = spec.prepare ? spec.prepare(normalized.text).trim() : normalized.text;

    const own = spec.primary.read(text, { tools, primary: true });
    const ownResult = own ? accept(own, normalized.unfenced) : undefined;
    if (ownResult?.success) return ownResult;
    if (text === '' && !ownResult) return failedResult({ kind: 'empty', message: 'the output is empty' }, raw, tools);
    const strongOwnFailure = own?.weak ? undefined : ownResult;

    let driftFailure: ParseResult | undefined;
    for (const reader of driftReaders) {
      if (reader.dialect === spec.primary.dialect) continue;
      const reading = reader.read(text, { tools, primary: false });
      if (!reading) continue;
      const result = accept(reading, true);
      if (result.success) return result;
      driftFailure ??= result;
    }
    const failure = strongOwnFailure ?? driftFailure ?? ownResult;
    if (failure) return failure;
    const plain = spec.plainText?.(text);
    if (plain) return accept(plain, normalized.unfenced);
    return failedResult({ kind: 'no-decision', message: 'no decision found in the output' }, raw, tools);
  } catch (cause) {
    return failedResult({ kind: 'no-decision', message: 'the output could not be read' }, raw, tools, cause);
  }
}
