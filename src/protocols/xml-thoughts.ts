/**
 * Reads the thought of a streamed `xml` turn as soon as it is complete: the free text before the
 * first `<tool_code>` or `<final_answer>` is the turn's PLAN thought (as `xmlToolCodeReader` reads
 * it), complete when that tag opens. The tag is searched for in the new text only (with a short
 * overlap for a tag split across deltas), so a turn costs time linear in its length; the text before
 * it is read once, the way the parse reads it (reasoning and a leading fence removed, trimmed).
 */
import type { Thought } from '../spec/decision.ts';
import { normalizeOutput } from './extract/normalize-output.ts';
import type { ThoughtStream } from './thought-stream.ts';

const opening = /<(?:tool_code|final_answer)>/;
/** Longer than the longest opening tag, so one split across deltas is still found. */
const OVERLAP = '<final_answer>'.length;
const leadingFence = /^```[\w-]*[ \t]*\r?\n/;

export class XmlThoughtTracker implements ThoughtStream {
  readonly #prepare: (text: string) => string;
  #text = '';
  #done = false;
  #emitted = 0;

  /** `prepare`: the codec's own clean-up of a turn before reading (xml: observations removed). */
  constructor(prepare: (text: string) => string = (text) => text) {
    this.#prepare = prepare;
  }

  update(delta: string): Thought[] {
    if (this.#done) return [];
    const from = Math.max(0, this.#text.length - OVERLAP);
    this.#text += delta;
    const match = opening.exec(this.#text.slice(from));
    if (!match) return [];
    this.#done = true;
    const end = from + match.index + match[0].length;
    const thought = this.#thoughtBefore(this.#text.slice(0, end));
    this.#text = '';
    if (!thought) return [];
    this.#emitted = 1;
    return [thought];
  }

  remaining(all: readonly Thought[]): Thought[] {
    const rest = all.slice(this.#emitted);
    this.#emitted = Math.max(this.#emitted, all.length);
    return rest;
  }

  /** The PLAN thought of a text that ends with the first opening tag, read as the parse reads it. */
  #thoughtBefore(text: string): Thought | undefined {
    const read = this.#prepare(normalizeOutput(text).text).replace(leadingFence, '');
    const at = read.search(opening);
    const content = (at < 0 ? '' : read.slice(0, at)).trim();
    return content === '' ? undefined : { type: 'PLAN', content };
  }
}
