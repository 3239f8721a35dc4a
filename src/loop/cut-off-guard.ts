/**
 * An output that stopped at the token limit (finish reason `length`) may parse, yet be cut: an
 * answer that ends mid-sentence, or arguments that JSON repair closed early. Such a turn is not
 * accepted, and a cut output that did not parse is blamed on the cut, not on its shape: the model is
 * told it was cut off and asked for a shorter reply. A complete tool call that needed no repair is
 * kept: the limit fell after it.
 */
import { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import type { ParseResult } from '../protocols/codec.ts';
import type { RawTurn } from './raw-turn.ts';

export function rejectCutOff(parsed: ParseResult, raw: RawTurn): ParseResult {
  if (raw.finishReason !== 'length') return parsed;
  if (parsed.success && !parsed.repaired && parsed.decisions.every((decision) => decision.action === 'call_tool')) return parsed;
  const error = new InvalidDecisionError('the reply was cut off at the output token limit, so it may be incomplete', {
    kind: 'truncated',
    rawText: raw.text,
    details: ['Give the same decision again, shorter (summarise long text instead of copying it).'],
    ...(parsed.success ? {} : { cause: parsed.error }),
  });
  return { success: false, error, raw: raw.text };
}
