/**
 * Two ReAct forms beside `Action:` / `Action Input:`:
 * - the bracket action of the ReAct paper and LangChain's docstore agent, `Action: Search[tides in Brest]`:
 *   the tool's name and its lone input on one line. `Finish[answer]` (a name no tool has) is the answer.
 *   Planner-and-joiner agents (LLMCompiler, TinyAgent) write it in round brackets, `Action: Finish(answer)`:
 *   the answer too. Any other `name(..)` action is an attempt whose input may be Python arguments
 *   (`search(query="x")`) as well as text, so it is corrected, never read by guess nor taken as prose.
 * - the stop word cut short: frameworks stop the model at `Observation:`, and a model cut off while
 *   writing it leaves `Obs` on a line of its own at the very end. That line is the start of the next
 *   label, not part of the input or the answer before it.
 */

export interface BracketAction {
  name: string;
  input: string;
  /** Set when the line opens a bracket input that does not close at the line's end (`Search[a] and b`). */
  problem?: string;
  /** Written in round brackets, `Finish(answer)`. @default false */
  round?: boolean;
}

const bracketOpening = /^([A-Za-z_][\w.-]*)([[(])/;
/**
 * `Click [2]`: a space before the square bracket, as web agents (WebVoyager) and OS-Atlas write their
 * steps; `Tap (540, 210)`: a space before the round one, as Mobile-Agent writes them (Python reads the
 * call the same with or without it).
 */
const spacedOpening = /^([A-Za-z_][\w.-]*)[ \t]+([[(])/;

/** Where the bracket opened at `open` closes (brackets of its kind inside counted), or -1. */
function closingBracket(line: string, open: number): number {
  const [opening, closing] = line[open] === '(' ? ['(', ')'] : ['[', ']'];
  let depth = 0;
  for (let index = open; index < line.length; index++) {
    if (line[index] === opening) depth++;
    else if (line[index] === closing && --depth === 0) return index;
  }
  return -1;
}

/**
 * `Search[foo]` -> `{ name: 'Search', input: 'foo' }`; `Click [2]` and `Tap (5, 6)` too where the name is offered (spacing
 * before a bracket is insignificant for a tool's name; a word before a bracket in prose names no tool,
 * `Action: see [1] below`). The input may run over several lines
 * (`Finish[Sunny.\nBring a hat.]`); its bracket must close at the action's end. A body that opens
 * `name[` but whose bracket closes before more text, or never, is an attempt with a `problem` (what
 * the input is would be a guess, and the text after it is no part of it); any other body (prose) ->
 * undefined.
 */
export function bracketAction(body: string, offered: (name: string) => boolean = () => false): BracketAction | undefined {
  const text = body.trim();
  const spaced = spacedOpening.exec(text);
  const opening = bracketOpening.exec(text) ?? (spaced && offered(spaced[1] as string) ? spaced : null);
  if (!opening) return undefined;
  const name = opening[1] as string;
  const round = opening[2] === '(';
  const [shown, closer] = round ? [`${name}(..)`, ')'] : [`${name}[..]`, ']'];
  const close = closingBracket(text, opening[0].length - 1);
  if (close !== text.length - 1) return { name, input: '', problem: `the input of \`${shown}\` must close with \`${closer}\` at the end of the action, with nothing after it`, ...(round ? { round } : {}) };
  return { name, input: text.slice(opening[0].length, -1), ...(round ? { round } : {}) };
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
