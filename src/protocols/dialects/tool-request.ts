/**
 * LM Studio's tool-request blocks, what it asks of models that have no tool-call format of their own
 * (and what llxprt-code reads from Gemma and others): `[TOOL_REQUEST]` then a JSON call
 * `{"name": "list_dir", "arguments": {"path": "/tmp"}}` or a tool's name and its JSON arguments
 * (`list_dir {"path": "/tmp"}`), then `[END_TOOL_REQUEST]` (also spelled `[TOOL_REQUEST_END]`).
 * Several blocks may follow each other with prose between them. Every block outside Markdown code is
 * read, and only whole: its JSON read with the one guard (`readJson`) and closed, a JSON call holding
 * nothing beside its name and arguments (`call-object.ts`), and its end marker written; anything else
 * is a correction, never a call with what was written so far, and never an answer holding the block.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { callObjectProblem } from './call-object.ts';

const dialect = 'tool-request';
const open = '[TOOL_REQUEST]';
const end = /\s*\[(?:END_TOOL_REQUEST|TOOL_REQUEST_END)\]/y;
const named = /\s*([A-Za-z_][\w.-]*)[ \t]*(?=\{)/y;

type Block = { ok: true; name: string; args: unknown; end: number; repaired: boolean } | { ok: false; failure: ReadFailure };

const failed = (message: string): Block => ({ ok: false, failure: { kind: 'no-decision', message } });

/** The call of the block whose body starts at `from`. */
function readBlock(text: string, from: number): Block {
  named.lastIndex = from;
  const name = named.exec(text)?.[1];
  const brace = name === undefined ? text.indexOf('{', from) : named.lastIndex;
  if (brace < 0 || text.slice(from, brace).trim() !== (name ?? '')) return failed(`${open} must hold one JSON call, {"name": .., "arguments": {..}}, or a tool's name and its JSON arguments`);
  const close = closingBracketIndex(text, brace);
  if (close < 0) return failed(`the call in ${open} is cut off: its JSON object is never closed`);
  const json = readJson(text.slice(brace, close));
  if (!json.ok) return { ok: false, failure: { kind: 'invalid-json', message: `the call in ${open}: ${json.message}` } };
  if (!isRecord(json.value)) return failed(`the call in ${open} must be a JSON object`);
  end.lastIndex = close;
  if (!end.exec(text)) return failed(`the call in ${open} is not closed by [END_TOOL_REQUEST] (the output may be cut off)`);
  if (name !== undefined) return { ok: true, name, args: json.value, end: end.lastIndex, repaired: json.repaired };
  const call = json.value;
  const key = 'arguments' in call ? 'arguments' : 'parameters' in call ? 'parameters' : undefined;
  if (typeof call.name !== 'string') return failed(`the JSON call in ${open} must name its tool under "name"`);
  const problem = callObjectProblem(call, key, true);
  if (problem) return { ok: false, failure: problem };
  const args = argumentsValue(key === undefined ? {} : call[key]);
  if (args.unreadable !== undefined) return { ok: false, failure: { kind: 'invalid-json', message: `the arguments of the call in ${open}: ${args.unreadable}` } };
  return { ok: true, name: call.name, args: args.value, end: end.lastIndex, repaired: json.repaired || args.repaired };
}

export const toolRequestReader: DialectReader = {
  dialect,
  needs: '[',
  read(text, { tools }): Reading | undefined {
    if (!text.includes(open)) return undefined;
    const code = text.includes('`') ? codeRanges(text) : [];
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (let start = text.indexOf(open); start >= 0; ) {
      if (isInCode(code, start)) {
        start = text.indexOf(open, start + open.length);
        continue;
      }
      const block = readBlock(text, start + open.length);
      if (!block.ok) return { ...failedReading(dialect, block.failure), conclusive: true };
      items.push(callItem(block.name, block.args, tools));
      spans.push([start, block.end]);
      repaired ||= block.repaired;
      start = text.indexOf(open, block.end);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
