/**
 * An action set off by three backticks inside a line is the reply's action, not a quotation: web and
 * desktop agent prompts ask the model to end with "the next action I will perform is ```click [12]```"
 * and cut the action out of the first such span. Prose quotes code with one backtick (`get_weather()`
 * is talk about a function) and fences examples on lines of their own; a span of three or more
 * backticks opened in the middle of a line holding an offered tool's name followed by its arguments
 * (`(`, `[` or `{`) is a call attempt. Which argument each bracket fills would be a guess, so it is
 * corrected (the model rewrites it in the expected shape), never run.
 */
import { escapeRegExp } from '../reading.ts';

/** A run of three or more backticks after other text on its line, closed by a run of the same length on that line. */
const midLineSpan = /(?<=[^\s`][^\n`]*)(`{3,})(?!`)([^\n]*?[^`\n])\1(?!`)/g;

/** True when `text` holds a mid-line triple-backtick span that starts with `name` and an argument opener. */
export function delimitedActionAttempt(text: string, name: string): boolean {
  if (!text.includes('```') || !text.includes(name)) return false;
  const call = new RegExp(`^\\s*${escapeRegExp(name)}\\s*[([{]`);
  for (const match of text.matchAll(midLineSpan)) {
    if (call.test(match[2] ?? '')) return true;
  }
  return false;
}
