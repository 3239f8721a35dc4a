/**
 * A reply that is nothing but calls whose wrapper a server dropped or renamed, read as the family
 * writes them wrapped. A detokenizer that skips special tokens, or a server that hands on only the
 * text between a family's start and end tokens, leaves:
 *
 *   call:get_weather{city:<|"|>Oslo<|"|>}                     Gemma 4 (`<|tool_call>`), FunctionGemma (`<escape>`)
 *   get_weather[ARGS]{"city": "Oslo"}                           Mistral v11+ (`[TOOL_CALLS]`)
 *   get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value>   GLM 4.5+ (`<tool_call>`)
 *   get_weather city=Oslo                                       GLM's plain form (`<tool_call>`)
 *   get_weather<longcat_arg_key>city</longcat_arg_key>..        LongCat (`<longcat_tool_call>`)
 *   functions.get_weather:0{"city": "Oslo"}                     Kimi K2 (its section and call tokens)
 *
 * and Hunyuan's open-source template names its tags `<tool_call:opensource>`, `<arg_key:opensource>`.
 * Read only when the reply (trimmed) starts with such a call of an offered tool: the wrapper is put
 * back (or the tags renamed) and the family's own reader reads it, with all its checks (a cut-off
 * call, prose inside the block, a value that could only be guessed: corrected). Such a call after
 * prose, or naming no offered tool, is left to the call-attempt check (`bare-call-attempt.ts`), which
 * corrects it: where the call starts is not the reader's to guess (a Kimi K2 head written with its
 * namespace marks where its call starts: `kimi-heads-in-prose.ts` reads it among prose). Every bare call the reply holds
 * must be read: one the family's reader left in the prose after its calls (`a[ARGS]{..}\nb[ARGS]{..}`,
 * where Mistral writes `[TOOL_CALLS]` before each) is a correction, never dropped. The reading is
 * given as a new one, so nothing the family's reader says about the wrapped text's offsets is kept.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord } from '../extract/read-json.ts';
import { stringValues } from '../extract/string-values.ts';
import { escapeRegExp, failedReading, type DialectReader, type Reading } from '../reading.ts';
import { gemmaCallsReader } from './gemma-calls.ts';
import { glmKeyValuesReader } from './glm-key-values.ts';
import { mistralReader } from './mistral.ts';
import { tokenCallsReader } from './token-calls.ts';
import { xmlCallsReader } from './xml-calls.ts';

interface Unwrapped {
  /** The reply starts with this form: the first group is the tool's name. */
  start: RegExp;
  wrap(text: string): string;
  reader: DialectReader;
  /** Where this form's calls start, for a tool name pattern: every one must be a call read. @default undefined (one block: the reader reads it whole) */
  each?(name: string): RegExp;
  /** Each call is its head (`each`, ending at the `{`) and one JSON object: its spans are found on the reply itself. @default false */
  headThenObject?: boolean;
}

const namespacedTag = /<(\/?)(tool_calls?|tool_sep|arg_key|arg_value):[\w-]+>/g;

/** A Kimi K2 call's head without its tokens: `functions.name:0` (the namespace may be left out too) before its JSON object. */
const kimiHead = /(?<![\w.-])((?:functions\.)?[\w.-]+:\d+)\s*(?=\{)/g;

const forms: readonly Unwrapped[] = [
  {
    start: /^call:([\w.-]+)\s*\{/,
    wrap: (text) => (text.includes('<escape>') ? `<start_function_call>${text}<end_function_call>` : `<|tool_call>${text}<tool_call|>`),
    reader: gemmaCallsReader,
    each: (name) => new RegExp(`(?<![\\w.-])call:${name}\\s*\\{`, 'g'),
  },
  { start: /^([^\s[\]{}]+)\[ARGS\]/, wrap: (text) => `[TOOL_CALLS]${text}`, reader: mistralReader, each: (name) => new RegExp(`(?<![\\w.-])${name}\\[ARGS\\]`, 'g') },
  { start: /^([\p{L}\p{N}_][\p{L}\p{N}_.-]*)\s*<arg_key>/u, wrap: (text) => `<tool_call>${text}</tool_call>`, reader: xmlCallsReader },
  { start: /^([\p{L}\p{N}_][\p{L}\p{N}_.-]*)[^\S\n]+[A-Za-z_][\w.-]*=[^\n]*$/u, wrap: (text) => `<tool_call>${text}</tool_call>`, reader: glmKeyValuesReader },
  { start: /^([\p{L}\p{N}_][\p{L}\p{N}_.-]*)\s*<longcat_arg_key>/u, wrap: (text) => `<longcat_tool_call>${text}</longcat_tool_call>`, reader: xmlCallsReader },
  {
    start: /^(?:functions\.)?([\w.-]+?):\d+\s*\{/,
    // No section tokens: the calls are read as llama.cpp writes bare Kimi K2 calls, whose end tokens may be missing (`kimi-call-end.ts`).
    wrap: (text) => text.replace(kimiHead, '<|tool_call_begin|>$1<|tool_call_argument_begin|>'),
    reader: tokenCallsReader,
    each: (name) => new RegExp(`(?<![\\w.-])(?:functions\\.)?${name}:\\d+\\s*\\{`, 'g'),
    headThenObject: true,
  },
  { start: /^<tool_call:[\w-]+>\s*([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/u, wrap: (text) => text.replace(namespacedTag, '<$1$2>'), reader: xmlCallsReader },
];

const count = (pattern: RegExp, text: string): number => text.match(pattern)?.length ?? 0;

/** The calls of `form` in `text` that `reading` did not read (those written inside a value read are its text). */
function unread(form: Unwrapped, text: string, reading: Reading, names: string): number {
  if (!form.each) return 0;
  const pattern = form.each(names);
  const inValues = stringValues(reading.items.map((item) => (isRecord(item) ? item.args : undefined))).reduce((sum, value) => sum + count(pattern, value), 0);
  return count(pattern, text) - inValues - reading.items.length;
}

/**
 * The family reader's spans moved back onto the reply, where the wrapper only adds text around it
 * (so coverage checks the prose beside the calls, `stray-prose.ts`); undefined where the wrapper
 * rewrote the text inside (Kimi K2's tokens, renamed tags): those spans say nothing about the reply.
 */
function spansIn(text: string, trimmed: string, wrapped: string, spans: Reading['spans']): Reading['spans'] {
  const shift = wrapped.indexOf(trimmed);
  if (!spans || shift < 0) return undefined;
  const lead = text.indexOf(trimmed);
  const clamp = (at: number): number => lead + Math.min(Math.max(at - shift, 0), trimmed.length);
  return spans.map(([start, end]) => [clamp(start), clamp(end)] as const);
}

/** Each call's head (`pattern`, ending at its `{`) through the end of its JSON object, on the reply itself. */
function objectSpans(text: string, pattern: RegExp): Reading['spans'] {
  const spans: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(pattern)) {
    const end = closingBracketIndex(text, match.index + match[0].length - 1);
    if (end > 0) spans.push([match.index, end]);
  }
  return spans;
}

export const unwrappedCallsReader: DialectReader = {
  dialect: 'unwrapped-calls',
  needs: ':[<=', // `call:`, `[ARGS]`, `<arg_key>`, `k=v`
  read(text, context): Reading | undefined {
    const trimmed = text.trim();
    for (const form of forms) {
      const name = form.start.exec(trimmed)?.[1];
      if (name === undefined || !context.tools.some((tool) => tool.name === name)) continue;
      const wrapped = form.wrap(trimmed);
      const reading = form.reader.read(wrapped, context);
      if (!reading) return undefined;
      const { dialect, items, thoughts, repaired, failure, conclusive } = reading;
      if (failure) return { dialect, items, thoughts, repaired, failure, ...(conclusive === undefined ? {} : { conclusive }) };
      const names = `(?:${context.tools.map((tool) => escapeRegExp(tool.name)).filter((tool) => tool !== '').join('|')})`;
      if (unread(form, trimmed, reading, names) > 0) {
        return { ...failedReading(dialect, { kind: 'no-decision', message: `the reply holds more ${dialect} calls than could be read: write each call in the expected shape` }), conclusive: true };
      }
      const spans = form.headThenObject && form.each ? objectSpans(text, form.each(names)) : spansIn(text, trimmed, wrapped, reading.spans);
      return spans ? { dialect, items, thoughts, repaired, spans } : { dialect, items, thoughts, repaired };
    }
    return undefined;
  },
};
