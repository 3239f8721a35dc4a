/**
 * The ReAct action and its input written on one line, as agent benchmarks prompt for it
 * (`Action: get_movie with Action Input: {"id": 7}`, also joined by `,`, `;`, `|` or `and`): the
 * `Action Input:` label there is the same section break as at the start of a line. Only the first
 * line of an `Action:` section is looked at, and only an input label right after the tool's name
 * and a joining word, so a sentence that mentions the label (`Action: none, the Action Input: was
 * wrong`) keeps its own reading by the ReAct rules (a name that is no tool is no call).
 */
import type { ReactSection } from './react-section.ts';

/** The tool's name (one identifier, markdown escapes allowed), a joiner, then the input label. */
const inlineInput = /^([ \t]*[*_`'"]*[A-Za-z_][\w.\\-]*[*_`'"]*)[ \t]*(?:with|and|[,;|])?[ \t]*(?:[*_]{1,2})?action[ \t]*input[ \t]*(?:[*_]{1,2})?:(?:[*_]{1,2})?/i;

/**
 * `sections` with every `Action:` whose first line also holds its `Action Input:` split in two: the
 * action's body ends at its name, and an input section starts at the label. `masked` is the text
 * with its code blanked (labels inside code are text).
 */
export function splitInlineInputs(masked: string, sections: readonly ReactSection[]): ReactSection[] {
  const split: ReactSection[] = [];
  for (const section of sections) {
    const match = section.label === 'action' ? inlineInput.exec(masked.slice(section.bodyStart)) : null;
    if (!match) {
      split.push(section);
      continue;
    }
    const nameEnd = section.bodyStart + (match[1] as string).length;
    const inputStart = section.bodyStart + match[0].length;
    const labelStart = section.bodyStart + match.index + (match[1] as string).length;
    split.push({ ...section, body: section.body.slice(0, nameEnd - section.bodyStart) });
    split.push({ label: 'input', start: labelStart, body: section.body.slice(inputStart - section.bodyStart), bodyStart: inputStart });
  }
  return split;
}
