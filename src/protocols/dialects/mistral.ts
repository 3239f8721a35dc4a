/**
 * Mistral tool calls, as mistral-common decodes them:
 * - v2 / v3 / v7: `[TOOL_CALLS] [{"name": .., "arguments": {..}, "id"?: ..}, ..]` (one object is read too);
 * - v11: `[TOOL_CALLS]name[CALL_ID]id[ARGS]{..}`, v13: `[TOOL_CALLS]name[ARGS]{..}`, repeated per call
 *   (`[TOOL_CALLS]name{..}` without `[ARGS]` is read too).
 * The end of each call is found by parsing its JSON, so a string may hold `[TOOL_CALLS]`, `]` or `}`.
 * A call that is cut off, arguments that are not an object, or JSON followed by a stray `]`, `}` or
 * `,` (a list missing its `[`) is corrected, as mistral-common refuses them; so is a key beside a
 * listed call's name, arguments and `id` (`call-object.ts`). A `[TOOL_CALLS]`
 * inside Markdown code is quoted, not called.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, type Reading } from '../reading.ts';
import { callObjectProblem } from './call-object.ts';
import { leadsReply, unreadableCall } from './unreadable-call.ts';

const marker = '[TOOL_CALLS]';
const namedCall = /\s*([^\s[\]{}]+?)\s*(?:\[CALL_ID\][^[]*?)?(?:\[ARGS\]\s*|(?=\{))/y;
const between = /\s*(?:```\s*)?(?:<\/s>\s*)*/y;
/** The space and fence close that end a call, before any `</s>`. */
const closing = /\s*(?:```)?/y;

interface Found {
  calls: Array<{ name: unknown; args: unknown }>;
  repaired: boolean;
  end: number;
}

const unreadable = (problem: string, name?: string, cutOff = false): Reading => unreadableCall('mistral', { what: `the ${marker} call`, problem, name, cutOff });

/** Reads the calls right after the marker ending at `at`. */
function readAt(text: string, at: number): Found | Reading {
  namedCall.lastIndex = at;
  const named = namedCall.exec(text);
  // v2 / v3 lists may come in a ```json fence.
  let start = named ? namedCall.lastIndex : at + (/^\s*(?:```[\w-]*\s*)?/.exec(text.slice(at))?.[0].length ?? 0);
  const name = named?.[1];
  // Words before the list (`[TOOL_CALLS] here they are [{..}]`) are skipped, as vLLM does; only a list of calls is read there.
  const listAt = named || text[start] === '[' || text[start] === '{' ? -1 : text.slice(start).search(/\[\s*\{/);
  if (listAt > 0 && !text.slice(start, start + listAt).includes(marker)) start += listAt;
  const opener = text[start];
  if (opener !== '{' && (named || opener !== '[')) {
    const expected = named ? 'expected a JSON object after [ARGS]' : 'expected name[ARGS]{..} or a JSON list of calls';
    return unreadable(expected, name, start >= text.length);
  }
  const end = closingBracketIndex(text, start);
  if (end < 0) return unreadable('the JSON is cut off', name, true);
  const json = readJson(text.slice(start, end));
  if (!json.ok) return unreadable(json.message, name);
  if (named) return { calls: [{ name, args: json.value }], repaired: json.repaired, end };
  const list = Array.isArray(json.value) ? json.value : [json.value];
  if (list.length === 0 || !list.every((call) => isRecord(call) && typeof call.name === 'string')) {
    return unreadable('expected [{"name": .., "arguments": {..}}]');
  }
  // A key beside the name, the arguments and the call's `id` is read by nothing: never dropped.
  for (const call of list as Array<Record<string, unknown>>) {
    const problem = callObjectProblem(call, 'arguments' in call ? 'arguments' : 'parameters' in call ? 'parameters' : undefined, true);
    if (problem) return unreadable(problem.message, call.name as string);
  }
  return { calls: list.map((call) => ({ name: call.name, args: call.arguments ?? call.parameters })), repaired: json.repaired, end };
}

function nextMarker(text: string, from: number, code: ReturnType<typeof codeRanges>): number {
  let index = text.indexOf(marker, from);
  while (index >= 0 && isInCode(code, index)) index = text.indexOf(marker, index + marker.length);
  return index;
}

export const mistralReader: DialectReader = {
  dialect: 'mistral',
  needs: '[', // `[TOOL_CALLS]`
  read(text, { tools }): Reading | undefined {
    if (!text.includes(marker)) return undefined;
    const code = codeRanges(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    // A marker written twice opens one call: the call's span starts at the first.
    let spanStart = -1;
    for (let index = nextMarker(text, 0, code); index >= 0; ) {
      const at = index + marker.length;
      if (spanStart < 0) spanStart = index;
      if (text.startsWith(marker, at + (/^\s*/.exec(text.slice(at))?.[0].length ?? 0))) {
        index = nextMarker(text, at, code);
        continue;
      }
      // Conclusive only for tokens that lead the reply or follow a call read: others may sit in another family's string.
      const conclusive = items.length > 0 || leadsReply(text, index);
      const found = readAt(text, at);
      if ('dialect' in found) return { ...found, conclusive };
      for (const call of found.calls) {
        const args = argumentsValue(call.args);
        if (!isRecord(args.value)) return { ...unreadable('the arguments must be a JSON object', typeof call.name === 'string' ? call.name : undefined), conclusive };
        repaired ||= found.repaired || args.repaired;
        items.push(callItem(call.name, args.value, tools));
      }
      between.lastIndex = found.end;
      between.exec(text);
      const after = between.lastIndex;
      // The span ends before an end-of-sequence `</s>`: text after that token is past the reply's end (`stray-prose.ts`).
      closing.lastIndex = found.end;
      closing.exec(text);
      spans.push([spanStart, closing.lastIndex]);
      spanStart = -1;
      if (/^[\]},]/.test(text.slice(after, after + 1))) return { ...unreadable(`unexpected \`${text[after] ?? ''}\` after the JSON (a list must open with [)`), conclusive };
      // A second JSON value right after the arguments (an object, or a list, never a `[TOOL_CALLS]` or
      // `[/TOOL_CALLS]` marker) would be dropped: one value per call.
      if (/^(?:\{|\[\s*[[{"\d\]-])/.test(text.slice(after, after + 8))) return { ...unreadable('a second JSON value follows the arguments; give every argument in one object', found.calls.at(-1)?.name as string | undefined), conclusive };
      index = nextMarker(text, after, code);
      if (index !== after) repaired ||= text.slice(after, index < 0 ? text.length : index).trim() !== '';
    }
    return items.length ? { dialect: 'mistral', items, thoughts: [], repaired, spans } : undefined;
  },
};
