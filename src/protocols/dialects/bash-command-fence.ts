/**
 * mini-swe-agent's text actions (its text-based models, the style of the original SWE-agent): the
 * reply's action is a shell command in a code fence labelled `mswea_bash_command`, after the model's
 * thought:
 *
 *   THOUGHT: list the files first
 *   ```mswea_bash_command
 *   ls -la
 *   ```
 *
 * The label is what says a call follows (a fence labelled with a language stays quoted text): the
 * block is a call of the `bash` tool with the command as its `command` argument, the one tool
 * mini-swe-agent offers when it calls tools natively (`bash {command}`). The command is the block's
 * lines without the space around them, as mini-swe-agent strips it. Where no `bash` tool is offered
 * the call is corrected as an unknown tool, never handed to another tool; a block never closed is a
 * correction (the reply may be cut off), and so is a block holding no command or a label line holding
 * more than the label (`` ```mswea_bash_command ls ``: where does the command start?). Several blocks are
 * several calls. A block inside another fence (```` ```` ```` around an example) is quoted, not run.
 * A labelled fence around the whole reply stays for this reader (`normalize-output.ts`).
 */
import type { Thought } from '../../spec/decision.ts';
import { codeRanges } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';

const dialect = 'bash-command-fence';
/** The label line that opens a block (mini-swe-agent's own spelling); `rest` is what else the line holds. */
const opening = /^[ \t]*```mswea_bash_command(?<rest>[^\n]*)(?:\n|$)/gm;
/** The line that closes a fence: backticks and nothing else. */
const closing = /^[ \t]*```[ \t]*$/m;
/** The tool and argument the command is given to (mini-swe-agent's `bash` tool). */
const toolName = 'bash';

export const bashCommandFenceReader: DialectReader = {
  dialect,
  needs: '`',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('```mswea_bash_command')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    const thoughts: Thought[] = [];
    // A block opening inside another fenced block is an example shown in it.
    const fences = codeRanges(text);
    const quoted = (at: number): boolean => fences.some(([start, end]) => start < at && at < end);
    let from = 0;
    for (const match of text.matchAll(opening)) {
      if (match.index < from || quoted(match.index)) continue;
      if ((match.groups?.rest ?? '').trim() !== '') {
        const message = 'the `mswea_bash_command` label must end its line: write the command on the lines after it, then a ``` line';
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName }), conclusive: true };
      }
      const bodyStart = match.index + match[0].length;
      const close = closing.exec(text.slice(bodyStart));
      if (!close) {
        const message = 'the `mswea_bash_command` block is not closed (the output may be cut off): end the command with a ``` line';
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName }), conclusive: true };
      }
      const command = text.slice(bodyStart, bodyStart + close.index).trim();
      if (command === '') {
        return { ...failedReading(dialect, { kind: 'no-decision', message: 'the `mswea_bash_command` block holds no command', toolName }), conclusive: true };
      }
      const lineEnd = text.indexOf('\n', bodyStart + close.index);
      const end = lineEnd < 0 ? text.length : lineEnd + 1;
      const before = text.slice(from, match.index).trim();
      if (before !== '') thoughts.push({ type: 'PLAN', content: before });
      items.push(callItem(toolName, { command }, tools));
      spans.push([match.index, end]);
      from = end;
    }
    return items.length ? { dialect, items, thoughts, repaired: false, spans } : undefined;
  },
};
