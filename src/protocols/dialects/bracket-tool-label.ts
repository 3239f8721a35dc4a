/**
 * A tool use written as a bracketed label naming an offered tool, the way chat apps and transcripts
 * render a past call in the history, which models then copy into their replies:
 *
 *   [Tool: read_file]
 *   [tool_use: read_file]
 *   Let me check.\n[Function call: get_weather]
 *
 * The label says a tool was used (`tool`, `tool use`, `tool call`, `tool request`, `function`,
 * `function call`, `using tool`, `called tool`, in any case, words joined by a space, `_` or `-`) and the name is an
 * offered tool's, alone in the brackets: no arguments are written, so nobody can run it, and returned as
 * the answer it would be a call the model believes it made. It is a call attempt, corrected. A
 * bracketed name with no label (`[read_file]`, a link's text) and a label naming no offered tool stay
 * prose; code quoted inline or fenced is talk about a call (`maskCode`, applied by the caller).
 * `[Calling tool: name]` and `[Tool call: name]` are calls the marked-call readers read
 * (`calling-tool-bracket.ts`) and never reach this check.
 */
import { escapeRegExp } from '../reading.ts';

/** The words of a label that says a tool was used. */
const label = String.raw`(?:(?:using|used|called|calling|invoking)[ _-]+)?(?:tool|function)(?:[ _-]+(?:use|call|name|request|invocation))?`;

/** True when `masked` (code masked) writes `[<label>: name]` for the tool `name`. */
export function bracketToolLabel(masked: string, name: string): boolean {
  return new RegExp(String.raw`\[[ \t]*${label}[ \t]*:[ \t]*${escapeRegExp(name)}[ \t]*\]`, 'i').test(masked);
}
