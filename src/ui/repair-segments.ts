/**
 * What reins repaired in a model's raw output, for the run page: each JSON candidate of the text
 * (`findJsonSpans`) is repaired as the codecs do (`jsonrepair`); where the repair changed it, the
 * character diff (jsdiff) marks what was removed and what was added. Text outside the candidates,
 * and candidates that needed no repair, are `same`.
 */
import { diffChars } from 'diff';
import { jsonrepair } from 'jsonrepair';
import { findJsonSpans } from '../protocols/extract/find-json-spans.ts';

export interface RepairSegment {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export function repairSegments(raw: string): RepairSegment[] {
  const segments: RepairSegment[] = [];
  let cursor = 0;
  for (const span of findJsonSpans(raw)) {
    const repaired = repairOf(span.text);
    if (repaired === undefined || repaired === span.text) continue;
    if (span.start > cursor) segments.push({ kind: 'same', text: raw.slice(cursor, span.start) });
    for (const change of diffChars(span.text, repaired)) {
      segments.push({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value });
    }
    cursor = span.end;
  }
  if (cursor < raw.length) segments.push({ kind: 'same', text: raw.slice(cursor) });
  return segments;
}

function repairOf(text: string): string | undefined {
  try {
    JSON.parse(text);
    return text;
  } catch {
    try {
      return jsonrepair(text);
    } catch {
      return undefined;
    }
  }
}
