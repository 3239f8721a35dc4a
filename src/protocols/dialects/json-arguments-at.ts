/**
 * The JSON arguments object that opens at a given index right after a tool's name, for the readers of
 * forms written as a name then its arguments (`name{..}`, `@name: {..}`). The object is read with
 * the one guard (`readJson`); one never closed (the reply cut off), unreadable or not an object is a
 * failed reading naming the tool, never a call with what was written so far.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

export type ArgumentsAt =
  | { ok: true; args: Record<string, unknown>; end: number; repaired: boolean }
  | { ok: false; failure: Reading };

/** The arguments object of `name` opening at `open` in `text` (`text[open]` is `{`), and the index past it. */
export function jsonArgumentsAt(dialect: string, text: string, open: number, name: string): ArgumentsAt {
  const shown = sanitizeName(name);
  const end = closingBracketIndex(text, open);
  if (end < 0) return { ok: false, failure: failedReading(dialect, { kind: 'invalid-json', message: `the arguments of \`${shown}\` are cut off: their JSON object is never closed`, toolName: shown }) };
  const json = readJson(text.slice(open, end));
  if (!json.ok) return { ok: false, failure: failedReading(dialect, { kind: 'invalid-json', message: `arguments of \`${shown}\`: ${json.message}`, toolName: shown }) };
  if (!isRecord(json.value)) return { ok: false, failure: failedReading(dialect, { kind: 'invalid-args', message: `the arguments of \`${shown}\` must be one JSON object`, toolName: shown }) };
  return { ok: true, args: json.value, end, repaired: json.repaired };
}
