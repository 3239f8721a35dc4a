/**
 * Two ReAct forms beside `Action:` / `Action Input:`:
 * - the bracket action of the ReAct paper and LangChain's docstore agent, `Action: Search[tides in Brest]`:
 *   the tool's name and its lone input on one line. `Finish[answer]` (a name no tool has) is the answer.
 * - the stop word cut short: frameworks stop the model at `Observation:`, and a model cut off while
 *   writing it leaves `Obs` on a line of its own at the very end. That line is the start of the next
 *   label, not part of the input or the answer before it.
 */

export interface BracketAction {
  name: string;
  input: string;
}

const bracketForm = /^([A-Za-z_][\w.-]*)\[([^\n]*)\]$/;

/** `Search[foo]` -> `{ name: 'Search', input: 'foo' }`; anything else (two lines, text after `]`) -> undefined. */
export function bracketAction(body: string): BracketAction | undefined {
  const match = bracketForm.exec(body.trim());
  return match ? { name: match[1] as string, input: match[2] as string } : undefined;
}

/** `Finish[..]` ends the ReAct paper's episodes with the answer; a tool of that name is called instead. */
export const isFinish = (name: string): boolean => /^finish$/i.test(name);

const stopWord = 'Observation';
/** A last line that is `Obs`, `Observ`, .. `Observation` (three letters at least, no colon). */
const cutStopWord = new RegExp(`\\n[ \\t]*(?:${Array.from({ length: stopWord.length - 2 }, (_, index) => stopWord.slice(0, index + 3)).join('|')})[ \\t]*$`);

/** The text without a stop word cut short on its last line. */
export function withoutCutStopWord(text: string): string {
  const match = cutStopWord.exec(text);
  return match ? text.slice(0, match.index) : text;
}
