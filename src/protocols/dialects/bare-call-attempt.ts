/**
 * Calls whose wrapper tokens were removed. Many servers detokenize with special tokens skipped, and
 * some parsers are handed only the text between a family's start and end tokens, so a reply may hold
 * a call without the markers reins reads it by:
 *
 *   call:get_weather{city:<escape>Oslo<escape>}    Gemma 4 / FunctionGemma without `<|tool_call>`
 *   get_weather[ARGS]{"city": "Oslo"}              Mistral v11 without `[TOOL_CALLS]`
 *   get_weather city=Oslo days=3                   GLM's `name k=v` line without `<tool_call>`
 *   functions.get_weather:0{"city": "Oslo"}        Kimi K2 without its call tokens
 *   get_weather(city="Oslo")                       a pythonic call starting a line, without its `[..]`
 *   print(get_weather(city="Oslo"))                the same as another call's argument (Gemini's tool_code)
 *   Call: get_weather(city="Oslo")                 the same after a label (NexusRaven)
 *   functions.get_weather({"city": "Oslo"})        a JavaScript-style call with a JSON object
 *   get_weather: {"city": "Oslo"}                  the name, a colon and the JSON arguments
 *   Tool: get_weather                              a label line naming only an offered tool
 *   **Tool:** get_weather                          the same in markdown emphasis
 *   get_weather:\n  city: Oslo                     the name as a YAML key over its arguments
 *
 * Each names an offered tool in a shape no prose takes, so the reply is a call attempt, never the
 * answer: returned as plain text it would hide a call the model made. Markup quoted as code is talk
 * about a call and is skipped (`maskCode`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp, lastToolList } from '../reading.ts';
import { maskCode } from './mask-code.ts';

/** One pattern per tool list: the first group is the tool's name. */
const bareCallPattern = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const name = `(${names.map(escapeRegExp).join('|')})`;
  return new RegExp(
    [
      `(?<![\\w.-])call:${name}\\s*\\{`, // Gemma 4, FunctionGemma
      `(?<![\\w.-])${name}\\[ARGS\\]`, // Mistral v11
      `^[ \\t]*${name}(?:[ \\t]+[A-Za-z_][\\w-]*=\\S+)+[ \\t]*$`, // GLM `name k=v`, the whole line
      `(?<![\\w.-])(?:functions\\.)?${name}:\\d+\\s*\\{`, // Kimi K2
      // A Python-style call with a keyword argument starting a line, its list brackets dropped or
      // mistyped (`{..}`, `name{k=v}`), after a label ending in a colon (NexusRaven's `Call: name(..)`),
      // or as the argument of another call (Gemini's `print(name(k=..))`).
      `^[ \\t]*(?:[A-Za-z][\\w -]{0,30}:[ \\t]*)?(?:[A-Za-z_]\\w*\\()?[[{(]?[ \\t]*${name}[ \\t]*[({][ \\t]*[A-Za-z_]\\w*[ \\t]*=`,
      // A JavaScript-style call with a JSON object (`functions.name({"k": ..})`), anywhere outside code;
      // its first key's colon is part of the shape (`callAttemptNeeds`: no attempt is found without one).
      `(?<![\\w.-])(?:functions\\.)?${name}[ \\t]*\\([ \\t]*\\{\\s*"[^"\\n]*"\\s*:`,
      // The name, a colon and a JSON object of arguments (`name: {"k": ..}`), starting a line.
      `^[ \\t]*${name}[ \\t]*:[ \\t]*\\{\\s*"[^"\\n]*"\\s*:`,
      // A label line naming only an offered tool (`Tool: name`, `Function name: name`, also in markdown
      // emphasis, `**Tool:** name`), its arguments elsewhere.
      `^[ \\t]*(?:[*_]{1,2})?(?:[Tt]ool|[Ff]unction|[Aa]ction|[Cc]all)(?:[ _]?(?:[Nn]ame|[Cc]all))?[ \\t]*(?:[*_]{1,2})?:[ \\t]*(?:[*_]{1,2}[ \\t]*)?["'\`*]*${name}["'\`*]*[ \\t]*$`,
    ].join('|'),
    'm',
  );
});

/** The name as a YAML key with the arguments as a mapping under it (`name:` then `  key: value`); looked for only where a line ends in a colon. */
const yamlCallPattern = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  return new RegExp(`^[ \\t]*(${names.map(escapeRegExp).join('|')})[ \\t]*:[ \\t]*\\r?\\n[ \\t]+[A-Za-z_][\\w-]*[ \\t]*:[ \\t]*\\S`, 'm');
});

/** The name of the offered tool a bare call in `text` names, or undefined when there is none. */
export function bareCallAttempt(text: string, tools: readonly ToolSpec[]): string | undefined {
  const pattern = bareCallPattern(tools);
  const visible = maskCode(text);
  const match = pattern?.exec(visible);
  if (match) return match.slice(1).find((group) => group !== undefined);
  return /:[ \t]*\r?\n/.test(visible) ? yamlCallPattern(tools)?.exec(visible)?.[1] : undefined;
}
