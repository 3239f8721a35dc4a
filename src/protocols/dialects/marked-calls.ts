/**
 * Calls each written after a fixed marker as a name and one JSON value in parentheses, with the
 * form's own closer after them: `||call: name({..})` (node-llama-cpp), `[Calling tool: name({..})]`
 * (the Qwen chat templates' rendering of a past call, which models copy). One reading for every such
 * form:
 *
 * Every marker outside Markdown code is read, so a call is never left in an answer: its name, `(`,
 * one JSON value read with the one guard (`readJson`), `)` and the closer; or, where the form has
 * one, the name and its bare closer alone (a call with no arguments, `[Tool call: list_hotels]`). A call cut off before its
 * closer (or its JSON never closed) is a correction, never a call with what was written so far; so is
 * anything else after the marker. The words around the calls are the reply's prose, checked like any
 * (`stray-prose.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, escapeRegExp, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

export interface CallMarkerForm {
  readonly dialect: string;
  /** The text that opens every call, as written. */
  readonly marker: string;
  /** What ends a call after its JSON value: `)`, or `)]`; written with any space before each character. */
  readonly closer: string;
  /**
   * What may end a call with no arguments right after its name (`]` in `[Tool call: list_hotels]`);
   * undefined where every call writes its parentheses.
   */
  readonly bareCloser?: string;
  /** A call in this form as a correction shows it. */
  written(name: string, args: string): string;
}

/** After a bare call: an optional `(id=..)` note, a line break and `Arguments:` before a JSON object. */
const labelled = /[ \t]*(?:\(id=[^()\n]*\))?[ \t]*\r?\n[ \t]*Arguments[ \t]*:[ \t]*(?=\{)/y;

/** The name and the opening parenthesis after a marker. */
const head = /[ \t]*([A-Za-z_][\w.-]*)[ \t]*\(\s*/y;

/** The name, then the form's closer for a call with no arguments (`[Tool call: name]`), at `at`; undefined otherwise. */
function bareCall(text: string, at: number, form: CallMarkerForm): { name: string; end: number } | undefined {
  if (form.bareCloser === undefined) return undefined;
  const bare = new RegExp(`[ \\t]*([A-Za-z_][\\w.-]*)[ \\t]*${escapeRegExp(form.bareCloser)}`, 'y');
  bare.lastIndex = at;
  const match = bare.exec(text);
  return match ? { name: match[1] as string, end: bare.lastIndex } : undefined;
}

function cutOff(form: CallMarkerForm, name: string): Reading {
  const shown = sanitizeName(name);
  const message = `the \`${form.written(shown, '..')}\` call is cut off: write its JSON arguments and the closing \`${form.closer}\``;
  return { ...failedReading(form.dialect, { kind: 'invalid-json', message, toolName: shown }), conclusive: true };
}

/** The calls `text` writes in `form`, or undefined when it holds no marker outside code. */
export function readMarkedCalls(text: string, tools: readonly ToolSpec[], form: CallMarkerForm): Reading | undefined {
  const { dialect, marker } = form;
  if (!text.includes(marker)) return undefined;
  const close = new RegExp([...form.closer].map((char) => `\\s*${escapeRegExp(char)}`).join(''), 'y');
  const code = text.includes('`') ? codeRanges(text) : [];
  const items: unknown[] = [];
  const spans: Array<readonly [number, number]> = [];
  let repaired = false;
  for (let start = text.indexOf(marker); start >= 0; start = text.indexOf(marker, start + marker.length)) {
    if (isInCode(code, start)) continue;
    head.lastIndex = start + marker.length;
    const named = head.exec(text);
    const bare = named ? undefined : bareCall(text, start + marker.length, form);
    if (bare) {
      // gpt4free renders a past call as `[Tool call: name] (id=..)` and its arguments on the next
      // line after `Arguments:`; models copy it. Those arguments are the call's, read whole or refused.
      labelled.lastIndex = bare.end;
      const label = form.bareCloser !== undefined && labelled.exec(text);
      let args: unknown = {};
      let end = bare.end;
      if (label) {
        const close = closingBracketIndex(text, labelled.lastIndex);
        const shown = sanitizeName(bare.name);
        if (close < 0) return cutOff(form, bare.name);
        const json = readJson(text.slice(labelled.lastIndex, close));
        if (!json.ok || !isRecord(json.value)) return { ...failedReading(dialect, { kind: 'invalid-json', message: `arguments of \`${shown}\` after "Arguments:" must be one JSON object`, toolName: shown }), conclusive: true };
        repaired ||= json.repaired;
        args = json.value;
        end = close;
      }
      items.push(callItem(bare.name, args, tools));
      spans.push([start, end]);
      start = end - marker.length;
      continue;
    }
    if (!named) {
      const message = `\`${marker}\` must be followed by a tool name and its arguments in parentheses: \`${form.written('name', '{"key": "value"}')}\``;
      return { ...failedReading(dialect, { kind: 'no-decision', message }), conclusive: true };
    }
    const name = named[1] as string;
    let at = head.lastIndex;
    let args: unknown = {};
    if (text[at] !== ')') {
      const end = text[at] === '{' || text[at] === '[' ? closingBracketIndex(text, at) : -1;
      if (end < 0) return cutOff(form, name);
      const json = readJson(text.slice(at, end));
      const shown = sanitizeName(name);
      if (!json.ok) return { ...failedReading(dialect, { kind: 'invalid-json', message: `arguments of \`${shown}\`: ${json.message}`, toolName: shown }), conclusive: true };
      if (!isRecord(json.value)) return { ...failedReading(dialect, { kind: 'invalid-args', message: `the arguments of \`${shown}\` must be one JSON object`, toolName: shown }), conclusive: true };
      repaired ||= json.repaired;
      args = json.value;
      at = end;
    }
    close.lastIndex = at;
    if (!close.exec(text)) return cutOff(form, name);
    items.push(callItem(name, args, tools));
    spans.push([start, close.lastIndex]);
    start = close.lastIndex - marker.length;
  }
  return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
}
