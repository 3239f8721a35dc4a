/**
 * DeepSeek tool calls, between special tokens written with full-width bars (`<｜tool▁call▁begin｜>`, as
 * the tokenizer spells them) or ASCII bars, `▁` or `_` (as some exports and quantizations print them):
 * - V3 / R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name\n```json\n{..}\n```<｜tool▁call▁end｜>…`
 *   (R1 may leave out `<｜tool▁call▁begin｜>` after `<｜tool▁calls▁begin｜>`, or write `<｜tool▁calls｜>`);
 * - V3.1: `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{..}<｜tool▁call▁end｜>`.
 * The end of the arguments is found by parsing the JSON, so a string may hold any token. A call that
 * is cut off or followed by something other than its end token (the section's end or the next call's
 * begin included: the call's own markup is then unclosed) is a conclusive failure; only the reply's end
 * may stand for the end token (a server's stop token). Tool output
 * tokens (`<｜tool▁outputs▁begin｜>`) are not calls. Arguments wrapped in one `{"parameters": {..}}` are
 * unwrapped (`wrapped-arguments.ts`). V3.2 / V4 DSML markup is read elsewhere.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, type Reading } from '../reading.ts';
import { leadsReply, unreadableCall } from './unreadable-call.ts';
import { wrappedArguments } from './wrapped-arguments.ts';

/** One DeepSeek special token, with either bar and either word joiner. */
const token = (words: string): string => `<[|｜]${words.split(' ').join('[▁_ ]')}[|｜]>`;
const sep = token('tool sep');
const callEnd = token('tool call end');
const callStart = new RegExp(`${token('tool call begin')}|(?:${token('tool calls begin')}|${token('tool calls')})(?=\\s*function\\s*${sep})`, 'g');
const functionForm = new RegExp(`\\s*function\\s*${sep}\\s*([^\\s<>\`{]+)\\s*`, 'y');
const namedForm = new RegExp(`\\s*([^\\s<>{]+?)\\s*${sep}\\s*`, 'y');
const fenceOpen = /```[\w-]*\s*/y;
const afterArguments = new RegExp(`\\s*(?:\`\`\`\\s*)?(?:(${callEnd})|(?=$))`, 'y');
const quickTest = /[|｜]tool[▁_ ]/;

type CallRead = { name: string; args: unknown; repaired: boolean; end: number } | { failure: Reading } | undefined;

function unreadable(problem: string, name?: string, cutOff = false): { failure: Reading } {
  return { failure: unreadableCall('deepseek', { what: 'the DeepSeek tool call', problem, name, cutOff }) };
}

/** A failure stays conclusive only for calls that lead the reply or follow a call already read. */
function withConclusive(failure: Reading, conclusive: boolean): Reading {
  return { ...failure, conclusive };
}

const sticky = (pattern: RegExp, text: string, at: number): RegExpExecArray | null => {
  pattern.lastIndex = at;
  return pattern.exec(text);
};

/** Reads the call whose tokens start right after `at`; undefined without a `<｜tool▁sep｜>` (Kimi K2's `<|tool_call_begin|>` is spelled alike). */
function readCall(text: string, at: number): CallRead {
  const named = sticky(functionForm, text, at) ?? sticky(namedForm, text, at);
  if (!named) return undefined;
  const name = named[1] ?? '';
  let index = at + named[0].length;
  const fence = sticky(fenceOpen, text, index);
  if (fence) index += fence[0].length;
  if (text[index] !== '{') {
    const ended = sticky(afterArguments, text, index);
    // No arguments object at all (`name<｜tool▁sep｜><｜tool▁call▁end｜>`): `{}` would be a guess.
    if (!fence && ended?.[1]) return unreadable('no arguments were written: give them as one JSON object ({} when the tool takes none)', name);
    return unreadable('expected a JSON object of arguments', name, index >= text.length);
  }
  const close = closingBracketIndex(text, index);
  if (close < 0) return unreadable('the arguments are cut off', name, true);
  const json = readJson(text.slice(index, close));
  if (!json.ok) return unreadable(`arguments: ${json.message}`, name);
  const ended = sticky(afterArguments, text, close);
  if (!ended) return unreadable('unexpected text after the arguments (expected <｜tool▁call▁end｜>)', name);
  const args = argumentsValue(json.value);
  return { name, args: args.value, repaired: json.repaired || args.repaired || !ended[1], end: close + ended[0].length };
}

export const deepseekReader: DialectReader = {
  dialect: 'deepseek',
  needs: '|｜', // its tokens hold an ASCII or full-width bar
  read(text, { tools }): Reading | undefined {
    if (!quickTest.test(text)) return undefined;
    const code = codeRanges(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let from = 0;
    for (;;) {
      callStart.lastIndex = from;
      const start = callStart.exec(text);
      if (!start) break;
      // The V3 / R1 form fences its own JSON: only a call before any call read can be quoted code.
      if (items.length === 0 && isInCode(code, start.index)) {
        from = start.index + start[0].length;
        continue;
      }
      const call = readCall(text, start.index + start[0].length);
      if (!call) {
        from = start.index + start[0].length;
        continue;
      }
      if ('failure' in call) return withConclusive(call.failure, items.length > 0 || leadsReply(text, start.index));
      const tool = tools.find((candidate) => candidate.name === call.name.trim());
      items.push(callItem(call.name, wrappedArguments(call.args, tool), tools));
      repaired ||= call.repaired;
      spans.push([start.index, call.end]);
      from = call.end;
    }
    return items.length > 0 ? { dialect: 'deepseek', items, thoughts: [], repaired, spans } : undefined;
  },
};
