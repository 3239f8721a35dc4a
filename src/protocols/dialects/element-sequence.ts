/**
 * A body read as a sequence of elements and nothing else (whitespace between them), where a value may
 * hold its own closing tag: `<content>if (a </content> b)</content><line_count>2</line_count>`. A
 * value ends at the first closing tag of its name after which the rest of the body reads as such a
 * sequence, so the reading is the one with the shortest values that accounts for every character
 * (what Cline does for a file's content holding `</content>`), never a value cut short with the rest
 * dropped. A closing tag inside a CDATA section is part of the value.
 */
import { escapeRegExp } from '../extract/marker-source.ts';

export interface SequenceElement {
  key: string;
  /** The value as written between the tags (`''` for `<name/>`). */
  raw: string;
}

const opening = /<([A-Za-z_][\w.-]*)\s*(\/)?>/y;

/** [start, end) of each CDATA section in `text`. */
function cdataRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let at = text.indexOf('<![CDATA['); at >= 0; at = text.indexOf('<![CDATA[', at + 1)) {
    const end = text.indexOf(']]>', at);
    ranges.push([at, end < 0 ? text.length : end + 3]);
    if (end < 0) break;
  }
  return ranges;
}

/** The elements `body` is made of, in order; undefined when it is not made of elements only. */
export function elementSequence(body: string): SequenceElement[] | undefined {
  const cdata = cdataRanges(body);
  const inCdata = (at: number): boolean => cdata.some(([start, end]) => at > start && at < end);
  // From a given position the reading is always the same: each position is read once.
  const known = new Map<number, SequenceElement[] | undefined>();
  const from = (at: number): SequenceElement[] | undefined => {
    if (known.has(at)) return known.get(at);
    let start = at;
    while (start < body.length && /\s/.test(body[start] as string)) start++;
    let result: SequenceElement[] | undefined;
    if (start >= body.length) result = [];
    else {
      opening.lastIndex = start;
      const open = opening.exec(body);
      if (open) {
        const key = open[1] as string;
        const valueStart = start + open[0].length;
        if (open[2] !== undefined) {
          const rest = from(valueStart);
          result = rest ? [{ key, raw: '' }, ...rest] : undefined;
        } else {
          const closing = new RegExp(`</\\s*${escapeRegExp(key)}\\s*>`, 'g');
          closing.lastIndex = valueStart;
          for (let close = closing.exec(body); close && !result; close = closing.exec(body)) {
            if (inCdata(close.index)) continue;
            const rest = from(close.index + close[0].length);
            if (rest) result = [{ key, raw: body.slice(valueStart, close.index) }, ...rest];
          }
        }
      }
    }
    known.set(at, result);
    return result;
  };
  return from(0);
}
