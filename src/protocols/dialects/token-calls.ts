/**
 * Tool calls where special tokens name the tool and a JSON object of arguments follows:
 * - Kimi K2: `<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{..}<|tool_call_end|>`
 *   (or the head right after `<|tool_calls_section_begin|>`)
 * - Solar Open: `<|tool_call:name|>name<|tool_call:args|>{..}`
 * - GPT-OSS harmony: `to=functions.name` in a message header, then `<|message|>{..}` (or, the tokens
 *   dropped, `to=functions.name json{..}`); a recipient
 *   without the `functions.` namespace (`to=lookup_weather`, the built-in `to=browser.search`) only in
 *   a message header (after `<|start|>assistant` or a channel) and only naming an offered tool
 * - Functionary v3.2: `>>>name\n{..}`, or a reply that starts with a known tool's name on its own line
 *   (GLM-4's `name\n{..}` too), and each further such call right after the one before: a reader that
 *   read only the first would leave the rest to be refused as a call in another form
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { cutOffCall } from './call-object.ts';
import { kimiCallEndMissing } from './kimi-call-end.ts';
import { kimiCallTool } from './kimi-call-id.ts';

interface TokenForm {
  dialect: string;
  /** Global; group 1 is the tool name; the arguments start where the match ends. */
  pattern: RegExp;
  /** Accept only names of known tools (forms without a distinctive token). */
  knownOnly?: boolean;
  /** The tokens around a section of calls, in each spelling: a section the reply opens must be closed (else it is cut off). */
  sections?: ReadonlyArray<{ open: string; close: string }>;
  /** The offered tool a written name stands for, where the form writes names otherwise (Kimi K2's sanitized ids). */
  toolOf?: (written: string, tools: readonly ToolSpec[]) => string;
  /** Past the reply's start, a match counts only right after the arguments of a call read before it (whitespace between). */
  followsCall?: boolean;
  /**
   * The form of a header whose special tokens a detokenizer dropped: read only in a reply holding none
   * of them (one that holds some lost a token it needed: a malformed message, not a stripped one).
   */
  tokensDropped?: RegExp;
}

const name = '([A-Za-z_][\\w.\\-]*)';

/**
 * The tool a token-dropped harmony recipient names. A header writes the recipient before its channel
 * (`to=functions.x<|channel|>commentary`): with the tokens gone the channel word is glued to the name
 * (`to=functions.xcommentary`). The name as written where a tool is so named, else without that word
 * where that names an offered tool, else as written (an unknown tool, corrected).
 */
function recipientBeforeChannel(written: string, tools: readonly ToolSpec[]): string {
  if (tools.some((tool) => tool.name === written)) return written;
  const unglued = written.replace(/(?:commentary|analysis|final)$/, '');
  return unglued !== written && tools.some((tool) => tool.name === unglued) ? unglued : written;
}

const forms: readonly TokenForm[] = [
  {
    dialect: 'kimi',
    // `<|tool_call_argument_begin|>` may be left out before the JSON object (as goose reads it): the
    // object starts the arguments either way. A call head right after the section's opening token
    // (`<|tool_calls_section_begin|>functions.name:0<|tool_call_argument_begin|>{..}`, no
    // `<|tool_call_begin|>`) is begun by that token: the section must still be closed (below).
    pattern: new RegExp(`(?:<\\|tool_call_begin\\|>|<\\|tool_calls?_section_begin\\|>)\\s*(?:functions\\.)?${name}(?::\\d+)?\\s*(?:<\\|tool_call_argument_begin\\|>|(?=\\{))`, 'g'),
    // The singular spelling (`<|tool_call_section_begin|>`) is read as vLLM's and sglang's readers read it.
    sections: [
      { open: '<|tool_calls_section_begin|>', close: '<|tool_calls_section_end|>' },
      { open: '<|tool_call_section_begin|>', close: '<|tool_call_section_end|>' },
    ],
    toolOf: kimiCallTool,
  },
  { dialect: 'solar', pattern: new RegExp(`<\\|tool_call:name\\|>\\s*${name}\\s*<\\|tool_call:args\\|>`, 'g') },
  { dialect: 'harmony', pattern: new RegExp(`to=functions\\.${name}(?:(?!<\\|message\\|>|to=functions\\.)[\\s\\S]){0,200}<\\|message\\|>`, 'g') },
  {
    dialect: 'harmony',
    // The header holds a channel, after the recipient or before it (MuseGlimmer's `to=x<|message|>` has none).
    pattern: new RegExp(
      `(?:(?<=<\\|channel\\|>\\w+\\s*)|(?<=<\\|start\\|>assistant\\s*)(?=\\S+\\s*<\\|channel\\|>))to=(?!functions\\.)${name}(?:(?!<\\|message\\|>|<\\|start\\|>|to=)[\\s\\S]){0,200}<\\|message\\|>`,
      'g',
    ),
    knownOnly: true,
  },
  {
    dialect: 'harmony',
    // The header with its tokens dropped by a detokenizer (`commentary to=functions.name json{..}`): the
    // content type, if any, is left as a word and the arguments follow it. Without its tokens the header
    // counts only where one starts (the reply's or a line's start, a call's end, a channel or role
    // word): mid-sentence it is prose about a call, which the call-attempt check refuses.
    pattern: new RegExp(`(?<=(?:^|[\\n}]|commentary|analysis|assistant)[ \\t]*)to=functions\\.${name}(?:[ \\t]*(?:json|code))?\\s*(?=\\{)`, 'g'),
    tokensDropped: /<\|(?:start|channel|message|constrain|end|call|return)\|>/,
    toolOf: recipientBeforeChannel,
  },
  { dialect: 'functionary', pattern: new RegExp(`>>>\\s*${name}[ \\t]*\\r?\\n(?=\\s*\\{)`, 'g') },
  {
    dialect: 'functionary',
    pattern: new RegExp(`(?:^|(?<=\\n))${name}[ \\t]*\\r?\\n(?=\\s*\\{)`, 'g'),
    knownOnly: true,
    followsCall: true,
  },
];

/** `rest` starts at `restAt`, where the match ends. */
type Found = { dialect: string; index: number; name: string; rest: string; restAt: number; form: TokenForm };

/** The JSON object right at the start of `text` (after whitespace or a code fence opener), and where it ends. */
function leadingObject(text: string): { text: string; end: number; complete: boolean } | undefined {
  const start = /^\s*(?:```[\w-]*\s*)?/.exec(text)?.[0].length ?? 0;
  if (text[start] !== '{') return undefined;
  const span = findJsonSpans(text.slice(start), 1)[0];
  if (!span) return undefined;
  // A fence closed right after the object is the call's own.
  const fence = /^\s*```/.exec(text.slice(start + span.end));
  return { text: span.text, end: start + span.end + (fence ? fence[0].length : 0), complete: span.complete };
}

function findCalls(text: string, tools: readonly ToolSpec[]): Found[] {
  const found: Found[] = [];
  // A call shown as code (`<|tool_call_begin|>..` in backticks) is quoted, not made.
  const code = text.includes('`') ? codeRanges(text) : [];
  for (const form of forms) {
    if (form.tokensDropped?.test(text)) continue;
    for (const match of text.matchAll(form.pattern)) {
      if (isInCode(code, match.index)) continue;
      const called = form.toolOf ? form.toolOf(match[1] ?? '', tools) : (match[1] ?? '');
      // A name right after another call's arguments is a call whatever it names (an unknown one is corrected).
      const chained = form.followsCall === true && match.index > 0;
      if (form.knownOnly && !chained && !tools.some((tool) => tool.name === called)) continue;
      const restAt = match.index + match[0].length;
      found.push({ dialect: form.dialect, index: match.index, name: called, rest: text.slice(restAt), restAt, form });
    }
  }
  // One call per position: the first form listed wins.
  const byPosition = new Map<number, Found>();
  for (const call of found) if (!byPosition.has(call.index)) byPosition.set(call.index, call);
  return [...byPosition.values()].sort((left, right) => left.index - right.index);
}

/**
 * The calls, each `followsCall` match past the reply's start kept only right after the arguments of
 * the call kept before it. One written after prose that follows a call read (and naming an offered
 * tool) is returned as `afterProse`: the call before it would run and it would be dropped. One with
 * no call before it is the call-attempt check's to judge.
 */
function chainedCalls(text: string, calls: readonly Found[], tools: readonly ToolSpec[]): { calls: Found[]; afterProse?: Found } {
  const kept: Found[] = [];
  let lastEnd = -1;
  for (const call of calls) {
    if (call.form.followsCall && call.index > 0 && (lastEnd < 0 || text.slice(lastEnd, call.index).trim() !== '')) {
      if (lastEnd >= 0 && tools.some((tool) => tool.name === call.name)) return { calls: kept, afterProse: call };
      continue;
    }
    kept.push(call);
    lastEnd = call.restAt + (leadingObject(call.rest)?.end ?? 0);
  }
  return { calls: kept };
}

/** A form with its own tokens is certainly present: its failure stands, and no other reader reads a part of it. */
const certain = (call: Found, reading: Reading): Reading => (call.form.knownOnly ? reading : { ...reading, conclusive: true });

/** The section a call is in: the last one opened before it, in any spelling. */
function sectionOf(text: string, call: Found): { open: string; close: string } | undefined {
  let nearest: { open: string; close: string } | undefined;
  let openedAt = -1;
  for (const section of call.form.sections ?? []) {
    const at = text.lastIndexOf(section.open, call.index);
    if (at > openedAt) [nearest, openedAt] = [section, at];
  }
  return nearest;
}

/** Completeness: the first call whose section the reply opened and never closed (the output was cut off there), with that section. */
function inOpenSection(text: string, calls: readonly Found[]): { call: Found; close: string } | undefined {
  for (const call of calls) {
    const section = sectionOf(text, call);
    if (section && !text.includes(section.close, call.index)) return { call, close: section.close };
  }
  return undefined;
}

export const tokenCallsReader: DialectReader = {
  dialect: 'token-call',
  needs: '<=>\n', // `<|` tokens, `to=functions.`, `>>>` or a name on its own line
  read(text, { tools }): Reading | undefined {
    if (!/<\||to=functions\.|>>>|^[A-Za-z_][\w.-]*[ \t]*\r?\n/.test(text)) return undefined;
    const { calls, afterProse } = chainedCalls(text, findCalls(text, tools), tools);
    const first = calls[0];
    if (!first) return undefined;
    if (afterProse) {
      const toolName = sanitizeName(afterProse.name);
      const message = `the call of \`${toolName}\` follows prose after the call(s) before it: write the calls one right after another, the prose before them`;
      return failedReading(first.dialect, { kind: 'no-decision', message, toolName });
    }
    const unclosed = inOpenSection(text, calls);
    if (unclosed) {
      const toolName = sanitizeName(unclosed.call.name);
      const message = `the call of \`${toolName}\` is cut off: its section is never closed with \`${unclosed.close}\``;
      return certain(unclosed.call, failedReading(unclosed.call.dialect, { kind: 'no-decision', message, toolName }));
    }
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (const call of calls) {
      const object = leadingObject(call.rest);
      // Special tokens inside arguments that needed repair mean the form's own syntax was not understood.
      const strict = object ? readJson(object.text) : undefined;
      const json = strict && ((strict.ok && !strict.repaired) || !/<\|/.test(object?.text ?? '')) ? strict : undefined;
      if (!json?.ok) {
        const problem = json ? json.message : 'arguments could not be read (expected one JSON object after the tool name)';
        const toolName = sanitizeName(call.name);
        return certain(call, failedReading(first.dialect, { kind: 'invalid-json', message: `arguments of \`${toolName}\`: ${problem}`, toolName }));
      }
      if (object && !object.complete) {
        // An object the reply ends inside is a cut-off call: never repaired into one that runs.
        return certain(call, failedReading(first.dialect, cutOffCall(call.name)));
      }
      // One JSON value is a call's arguments: a second object or list right after them
      // (`<|message|>{"a": 1}\n{"b": 2}<|call|>`) would be dropped, so the call is corrected. A bracket
      // opening a word (`[INST]`, a control token) is no JSON list: the prose check names it.
      if (object && /^\s*(?:\{|\[\s*[[{"'\d\]-])/.test(call.rest.slice(object.end))) {
        const toolName = sanitizeName(call.name);
        return certain(call, failedReading(first.dialect, { kind: 'invalid-json', message: `arguments of \`${toolName}\`: a second JSON value follows them; give every argument in one object`, toolName }));
      }
      // A Kimi K2 call in a section, its own end token left out (`kimi-call-end.ts`): unclosed markup.
      if (object && call.dialect === 'kimi' && kimiCallEndMissing(text, text.slice(call.index, call.restAt), call.index, call.restAt + object.end)) {
        const toolName = sanitizeName(call.name);
        return certain(call, failedReading(first.dialect, { kind: 'no-decision', message: `the call of \`${toolName}\` is not closed with \`<|tool_call_end|>\``, toolName }));
      }
      const args = argumentsValue(json.value);
      repaired ||= json.repaired || args.repaired;
      items.push(callItem(call.name, args.value, tools));
      spans.push([call.index, call.restAt + (object?.end ?? 0)]);
    }
    return { dialect: first.dialect, items, thoughts: [], repaired, spans };
  },
};
