/**
 * Continue's tool blocks, how the Continue editor asks models without native tool calling to call
 * tools (any model there can write them):
 *
 *   ```tool
 *   TOOL_NAME: get_weather
 *   BEGIN_ARG: city
 *   Oslo
 *   END_ARG
 *   ```
 *
 * The keywords are read in any case, with or without the underscore (`tool_name:`, `BeginArg:`), as
 * Continue reads them; right after the fence line the name may stand alone
 * (```` ```tool\nget_weather ````). A value is the lines between `BEGIN_ARG` and `END_ARG`, without
 * the space around them, typed by the tool's schema (`xml-parameters.ts`; a list or object whose
 * strings hold raw line breaks is JSON, as Continue reads it: `continue-json-value.ts`). A block
 * runs only when it is complete: every argument ended by `END_ARG`, and the fence closed where one
 * was opened; anything else in the block makes it unreadable, and so does a value holding a
 * `BEGIN_ARG` line (its `END_ARG` left out, or the line part of the value: two readings). A
 * ```` ```tool ```` fence around the whole reply stays for this reader (`normalize-output.ts`).
 * Without a fence a block is the `TOOL_NAME:` line at the start of a line and the arguments right
 * after it, ended by a blank line or the end of the reply.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { continueJsonValues } from './continue-json-value.ts';
import type { RawParameter } from './tag-calls.ts';
import { parameterArguments } from './xml-parameters.ts';

const dialect = 'continue';
/**
 * The name line: `TOOL_NAME: name`, or, right after a ```` ```tool ```` fence line, the name alone on
 * its line (Continue reads both; the fence is what says a call follows, so a bare name needs it).
 */
const toolLine = /^(?:(?<fence>```tool[ \t]*\r?\n)[ \t]*(?:tool_?name[ \t]*:[ \t]*)?|[ \t]*tool_?name[ \t]*:[ \t]*)(?<name>[^\s`:]+)[ \t]*(?:\r?\n|$)/gim;
const mayHoldBlock = /tool_?name[ \t]*:|^```tool[ \t]*\r?\n/im;
const beginLine = /^[ \t]*begin_?arg[ \t]*:[ \t]*(?<key>[^\s`]+)[ \t]*$/i;
const endLine = /^[ \t]*end_?arg[ \t]*$/i;
const blankLine = /^[ \t]*$/;
const fenceLine = /^[ \t]*```[ \t]*$/;

type Block =
  | { ok: true; name: string; parameters: RawParameter[]; end: number }
  | { ok: false; name: string; problem: 'unclosed' | 'unreadable' }
  /** A value holds a `BEGIN_ARG` line: its `END_ARG` left out, or the line part of the value? Two readings. */
  | { ok: false; name: string; problem: 'ambiguous'; key: string };

/** Reads the arguments of the block whose `TOOL_NAME` line ends at `at`. */
function readBlock(text: string, name: string, at: number, fenced: boolean): Block {
  const parameters: RawParameter[] = [];
  let key: string | undefined;
  let value: string[] = [];
  let offset = at;
  while (offset < text.length) {
    const lineEnd = text.indexOf('\n', offset);
    const next = lineEnd < 0 ? text.length : lineEnd + 1;
    const line = text.slice(offset, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
    if (key !== undefined) {
      if (beginLine.test(line)) return { ok: false, name, problem: 'ambiguous', key };
      if (endLine.test(line)) {
        parameters.push({ key, text: value.join('\n').trim() });
        key = undefined;
        value = [];
      } else value.push(line);
    } else {
      const begin = beginLine.exec(line);
      if (begin) key = begin.groups?.key ?? '';
      else if (fenced && fenceLine.test(line)) return { ok: true, name, parameters, end: next };
      else if (!fenced && blankLine.test(line)) return { ok: true, name, parameters, end: next };
      else if (!blankLine.test(line)) return { ok: false, name, problem: 'unreadable' };
    }
    offset = next;
  }
  return key !== undefined || fenced ? { ok: false, name, problem: 'unclosed' } : { ok: true, name, parameters, end: text.length };
}

export const continueToolReader: DialectReader = {
  dialect,
  needs: ':`', // `TOOL_NAME:`, or a ```tool fence
  read(text, { tools }): Reading | undefined {
    if (!mayHoldBlock.test(text)) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let from = 0;
    for (const match of text.matchAll(toolLine)) {
      if (match.index < from) continue;
      const rawName = match.groups?.name ?? '';
      const name = sanitizeName(rawName);
      const block = readBlock(text, rawName, match.index + match[0].length, match.groups?.fence !== undefined);
      if (!block.ok) {
        const message =
          block.problem === 'unclosed'
            ? `the tool block of \`${name}\` is not closed (the output may be cut off)`
            : block.problem === 'ambiguous'
              ? `the value of \`${sanitizeName(block.key)}\` in \`${name}\` holds a BEGIN_ARG line: end each argument with END_ARG`
              : `the tool block of \`${name}\` holds text that is no BEGIN_ARG .. END_ARG argument`;
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName: name }), conclusive: true };
      }
      const tool = tools.find((candidate) => candidate.name === rawName);
      const args = parameterArguments(continueJsonValues(block.parameters, tool), tool, 'verbatim');
      if (!args.ok) return failedReading(dialect, { kind: args.kind, message: `arguments of \`${name}\`: ${args.message}`, ...(args.details ? { details: args.details } : {}), toolName: name });
      repaired ||= args.repaired;
      items.push(callItem(rawName, args.args, tools));
      from = block.end;
      spans.push([match.index, block.end]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
