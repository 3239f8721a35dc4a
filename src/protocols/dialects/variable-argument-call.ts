/**
 * A call written as code at the end of its line, its arguments bare names: `test_tool(arg1, arg2)`,
 * `Here it is: search_tool(query)`. Positional arguments named by variables hold no value a reader
 * could run, yet the line is a call the model made, not prose about the tool: returned as the answer it
 * would be a call nobody ran, so it is a call attempt, corrected (SwiftAgentKit's text calls).
 *
 * Not an attempt: the tool's signature, whose parentheses hold only its declared parameters' names
 * (`read(file_path)`), and a mention inside a sentence (`the search_tool(query) helper`): text after
 * the closing parenthesis on its line makes it prose.
 */
import { escapeRegExp } from '../reading.ts';

/** True when `text` writes `name(word, ..)` ending a line, its words not all of `parameters`. */
export function variableArgumentCall(text: string, name: string, parameters: readonly string[]): boolean {
  const call = new RegExp(`(?<![\\w.-])${escapeRegExp(name)}\\(([A-Za-z_]\\w*(?:[ \\t]*,[ \\t]*[A-Za-z_]\\w*)*)\\)[ \\t;]*$`, 'gm');
  for (const match of text.matchAll(call)) {
    const words = (match[1] ?? '').split(',').map((word) => word.trim());
    if (!words.every((word) => parameters.includes(word))) return true;
  }
  return false;
}
