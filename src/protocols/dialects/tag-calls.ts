/**
 * Reads XML-style tool calls by parsing them, never by cutting at the first closing tag. A value may
 * hold any markup (`</parameter>`, `</function>`, `</tool_call>`, `"}`), so a closing tag ends a value
 * only where the rest of the call then parses: the next parameter or the call's own close, and after
 * the call no stray closing tag of the same form. Of the readings that parse, the one with the
 * shortest values first is taken (what the family's own server reads when the value holds no markup).
 * A JSON body (`<function=name>{..}</function>`) ends where its JSON ends.
 * A call that does not parse (unclosed, or text between parameters) is reported, not guessed.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { opensEscaped } from './escaped-breaks.ts';

export interface ParameterForm {
  /** Sticky; named groups: `key`, and optionally `hint` (DSML `string="true"`); else group 1 is the key. */
  open: RegExp;
  /** The tag that closes the value: fixed, or named by the opening tag's `match` (`<city>..</city>`). */
  close: string | ((match: RegExpExecArray) => string);
  /** A value with no closing tag may end at the call's own close (Qwen3-Coder's servers allow it). */
  endsAtCallClose?: boolean;
  /**
   * A value with no closing tag may end where the next parameter of the form opens (GLM's servers read
   * `<arg_value>Paris<arg_key>unit</arg_key>` so). Taken only where the call holds no other reading that
   * reins accepts: a value holding the form's opening tag is never accepted (two readings), so this is
   * tried after that, and only when no value of the call then holds any tag of the form.
   */
  endsAtNextParameter?: boolean;
  /** The value may not hold this text (used where the opening value tag was missing). */
  forbids?: (match: RegExpExecArray) => RegExp | undefined;
  /**
   * A value made wholly of elements of this same form, each closed, is a nested value (MiniMax M3
   * writes objects and `<item>` lists so), read into `children` instead of being ambiguous.
   */
  nested?: boolean;
  /**
   * The closing tag may be left out (a shape whose value has no opening tag of its own:
   * `<parameter>city</parameter>Oslo`): the value ends at the first tag after which the call parses,
   * its own close or the next parameter; left open where a later close would end it too, it has two
   * readings and is ambiguous.
   */
  closeOptional?: boolean;
  /** The key is text written where a value could stand (`<parameter>city</parameter>`): it names a parameter only where the tool declares it. */
  declaredKeysOnly?: boolean;
}

export interface CallForm {
  dialect: string;
  /** Global; named groups: `name` (the tool), `empty` (set when the tag closes itself: `<function=x/>`). */
  open: RegExp;
  /** The tag that closes the call opened by `open`. */
  close: (open: RegExpExecArray) => string;
  parameters: readonly ParameterForm[];
  /** What may stand between elements. @default whitespace */
  gap?: RegExp;
  /** What stands between elements instead, in a call whose opening tag `\n` text follows (`escaped-breaks.ts`). @default undefined */
  escapedGap?: RegExp;
  /** Tags that also end the call when its own close is missing (left in place: `</tool_call>`). */
  endsAt?: readonly string[];
  /** The body may be one JSON object instead of parameters. */
  json?: boolean;
}

export interface RawParameter {
  key: string;
  text: string;
  hint?: string;
  /** The elements the value is made of, where the form nests (`ParameterForm.nested`). */
  children?: RawParameter[];
  /** Read by a form with `declaredKeysOnly`: the key must be a property the tool declares. */
  declaredOnly?: boolean;
}

export type ParsedCall =
  | { ok: true; name: string; start: number; end: number; parameters: RawParameter[]; json?: string }
  | { ok: false; name: string; start: number; problem: 'unclosed' | 'unreadable' }
  /** A value holds an opening parameter tag of the same form: it may be an unclosed parameter. */
  | { ok: false; name: string; start: number; problem: 'ambiguous'; key: string };

/** The parameter's name as written, without the space around it (`name=" city "`): names hold none. */
const keyOf = (match: RegExpExecArray): string => (match.groups?.key ?? match[1] ?? '').trim();

const wholeCdata = /^\s*<!\[CDATA\[[\s\S]*\]\]>\s*$/;

const defaultGap = /\s*/y;

function skip(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? at + match[0].length : at;
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Indexes of `tag` at or after `from`. */
function* occurrences(text: string, tag: string, from: number): Generator<number> {
  for (let at = text.indexOf(tag, from); at >= 0; at = text.indexOf(tag, at + 1)) yield at;
}

/**
 * `text` read as a sequence of elements of `parameter` (whitespace between them), each value either
 * text holding no such element or, in turn, such a sequence; undefined when it is not one.
 */
export function nestedElements(text: string, parameter: ParameterForm): RawParameter[] | undefined {
  const opening = new RegExp(parameter.open.source, 'y');
  const holdsOpening = (value: string) => new RegExp(parameter.open.source).test(value);
  const from = (at: number): RawParameter[] | undefined => {
    const start = skip(defaultGap, text, at);
    if (start >= text.length) return [];
    const match = matchAt(opening, text, start);
    if (!match) return undefined;
    const valueStart = start + match[0].length;
    const tag = typeof parameter.close === 'string' ? parameter.close : parameter.close(match);
    const key = keyOf(match);
    for (const valueEnd of occurrences(text, tag, valueStart)) {
      const value = text.slice(valueStart, valueEnd);
      const children = holdsOpening(value) ? nestedElements(value, parameter) : undefined;
      if (holdsOpening(value) && !children?.length) continue;
      const rest = from(valueEnd + tag.length);
      if (rest) return [{ key, text: value, ...(children ? { children } : {}), ...(match.groups?.hint ? { hint: match.groups.hint } : {}) }, ...rest];
    }
    return undefined;
  };
  return from(0);
}

const fenceOpen = /```(?:json)?[^\S\n]*\n\s*(?=\{)/y;
const fenceClose = /\s*```/y;

/**
 * A JSON body in a Markdown fence (Hunyuan's template writes `<tool_call>name\n```json\n{..}\n```</tool_call>`):
 * read only when the object, then the fence, then the call close; any other end is unreadable, not
 * guessed. Undefined when no fence opens at `first`.
 */
function fencedJsonCall(text: string, first: number, gap: RegExp, close: string): { ok: true; end: number; json: string } | { ok: false } | undefined {
  fenceOpen.lastIndex = first;
  const fence = fenceOpen.exec(text);
  if (!fence) return undefined;
  const objectStart = first + fence[0].length;
  const jsonEnd = closingBracketIndex(text, objectStart);
  if (jsonEnd < 0) return { ok: false };
  fenceClose.lastIndex = jsonEnd;
  const fenceEnd = fenceClose.exec(text);
  if (!fenceEnd) return { ok: false };
  const after = skip(gap, text, jsonEnd + fenceEnd[0].length);
  return text.startsWith(close, after) ? { ok: true, end: after + close.length, json: text.slice(objectStart, jsonEnd) } : { ok: false };
}

/**
 * True when `value` holds an opening tag of `parameter` whose closing tag the call's text holds (after
 * `from`, where the body starts): the value may then be a parameter left open before another one.
 * An opening whose closing tag never follows (`<test>` in `echo '<test>'`, read by a form of any
 * element name) starts no parameter in any reading, unless the form lets a value end without its
 * closing tag: the value reads one way.
 */
function opensParameter(value: string, parameter: ParameterForm, text: string, from: number): boolean {
  // Only an element whose closing tag names it is told apart by that tag; a parameter that may end
  // without its closing tag, or one that tolerates a missing tag (`forbids`), is a reading either way.
  const closeNeeded = typeof parameter.close === 'function' && !parameter.closeOptional && !parameter.endsAtCallClose && !parameter.endsAtNextParameter && !parameter.forbids;
  const opening = new RegExp(parameter.open.source, 'g');
  for (let match = opening.exec(value); match; match = opening.exec(value)) {
    if (!closeNeeded) return true;
    const close = typeof parameter.close === 'string' ? parameter.close : parameter.close(match);
    if (text.includes(close, from)) return true;
  }
  return false;
}

/** Parses one call whose opening tag matched at `open.index`; `nextStart` is where the next call opens (or the text's end). */
export function parseCall(text: string, form: CallForm, open: RegExpExecArray, nextStart: (from: number) => number): ParsedCall {
  const name = open.groups?.name ?? '';
  const start = open.index;
  const bodyStart = start + open[0].length;
  if (open.groups?.empty !== undefined) return { ok: true, name, start, end: bodyStart, parameters: [] };
  const gap = form.escapedGap && opensEscaped(text, bodyStart) ? form.escapedGap : (form.gap ?? defaultGap);
  const close = form.close(open);
  const strayCloses = [close, ...form.parameters.flatMap((parameter) => (typeof parameter.close === 'string' ? [parameter.close] : []))];
  /** After the call: up to the next call, no closing tag of this form may be left over. */
  const cleanAfter = (end: number): boolean => {
    const until = nextStart(end);
    const between = text.slice(end, until);
    return !strayCloses.some((tag) => between.includes(tag));
  };

  const first = skip(gap, text, bodyStart);
  if (form.json) {
    const fenced = fencedJsonCall(text, first, gap, close);
    if (fenced) return fenced.ok ? { ok: true, name, start, end: fenced.end, parameters: [], json: fenced.json } : { ok: false, name, start, problem: text.includes(close, first) ? 'unreadable' : 'unclosed' };
  }
  if (form.json && text[first] === '{') {
    const jsonEnd = closingBracketIndex(text, first);
    if (jsonEnd > 0) {
      const after = skip(gap, text, jsonEnd);
      if (text.startsWith(close, after)) return { ok: true, name, start, end: after + close.length, parameters: [], json: text.slice(first, jsonEnd) };
    }
    for (const at of occurrences(text, close, first)) {
      if (cleanAfter(at + close.length)) return { ok: true, name, start, end: at + close.length, parameters: [], json: text.slice(first, at).trim() };
    }
    return { ok: false, name, start, problem: text.includes(close, first) ? 'unreadable' : 'unclosed' };
  }

  const ambiguous = (value: string) => !wholeCdata.test(value) && form.parameters.some((parameter) => opensParameter(value, parameter, text, bodyStart));
  const callOpening = new RegExp(form.open.source, form.open.flags.replace(/[gy]/g, ''));
  const call: CallBody = { text, form, bodyStart, gap, close, cleanAfter, ambiguous, callOpening };
  const body = readParameters(call, 'read');
  const unclear = body?.parameters.find((parameter) => !parameter.children && (ambiguous(parameter.text) || body.twoReadings.has(parameter)));
  if (unclear) {
    // The value holds markup, or was left open before the next parameter. Where the form allows the
    // second, it is the one reading when no reading closes every value (what the chat template writes
    // for a value holding that markup) and every value is then free of the form's tags.
    const bounded = form.parameters.some((parameter) => parameter.endsAtNextParameter) && !readParameters(call, 'closed') ? readParameters(call, 'bounded') : null;
    const clean = bounded?.parameters.every(({ text: value }) => !ambiguous(value) && !callOpening.test(value) && !strayCloses.some((tag) => value.includes(tag)));
    if (bounded && clean) return { ok: true, name, start, end: bounded.end, parameters: bounded.parameters };
    return { ok: false, name, start, problem: 'ambiguous', key: unclear.key };
  }
  if (body) return { ok: true, name, start, end: body.end, parameters: body.parameters };
  return { ok: false, name, start, problem: text.includes(close, bodyStart) ? 'unreadable' : 'unclosed' };
}

/** A call's body to read: where it starts, its close, and the checks `parseCall` made for it. */
interface CallBody {
  text: string;
  form: CallForm;
  bodyStart: number;
  /** What may stand between the body's parts (the form's, or its escaped-breaks variant). */
  gap: RegExp;
  close: string;
  /** No closing tag of the form is left between `end` and the next call. */
  cleanAfter: (end: number) => boolean;
  /** The value holds an opening tag of one of the form's parameters. */
  ambiguous: (value: string) => boolean;
  /** The form's call opening, not sticky. */
  callOpening: RegExp;
}

/**
 * How values may end: `read`, at their closing tag, or where the form lets them be left open;
 * `closed`, only at their closing tag, in the forms a chat template writes (no `forbids`, no
 * `endsAt`); `bounded`, as `read`, but a value of a form that `endsAtNextParameter` holds no opening
 * tag of the form: it ends before the next one instead.
 */
type ValueEnds = 'read' | 'closed' | 'bounded';

/** The parameters read, and the values another reading ends elsewhere (`withOptionalClose`): those are ambiguous. */
interface ReadParameters {
  end: number;
  parameters: RawParameter[];
  twoReadings: ReadonlySet<RawParameter>;
}

/** Parameters read from a position to the call's close. */
interface Found {
  end: number;
  parameters: RawParameter[];
}

/**
 * The parameters of the call body to its close, the shortest values first; null when the body does
 * not parse. A value left open never holds the opening of another call: the call was cut off before it.
 */
function readParameters(call: CallBody, ends: ValueEnds): ReadParameters | null {
  const reader = new ParameterReader(call, ends);
  const body = reader.from(call.bodyStart);
  return body ? { ...body, twoReadings: reader.twoReadings } : null;
}

/** Reads a call body's parameters; each position is read once (the readings of the rest are kept). */
class ParameterReader {
  /** Values that another reading ends elsewhere (`#withOptionalClose`). */
  readonly twoReadings = new Set<RawParameter>();
  readonly #readings = new Map<number, Found | null>();
  readonly #call: CallBody;
  readonly #ends: ValueEnds;

  constructor(call: CallBody, ends: ValueEnds) {
    this.#call = call;
    this.#ends = ends;
  }

  /** The parameters from `at` to the call's close, or null when the rest does not parse. */
  from(at: number): Found | null {
    const known = this.#readings.get(at);
    if (known !== undefined) return known;
    this.#readings.set(at, null); // no reading loops back to itself
    const found = this.#read(skip(this.#call.gap, this.#call.text, at));
    this.#readings.set(at, found);
    return found;
  }

  #read(from: number): Found | null {
    const { text, form, close, cleanAfter } = this.#call;
    const lenient = this.#ends !== 'closed';
    if (text.startsWith(close, from) && cleanAfter(from + close.length)) return { end: from + close.length, parameters: [] };
    if (lenient && form.endsAt?.some((tag) => text.startsWith(tag, from)) && cleanAfter(from)) return { end: from, parameters: [] };
    for (const parameter of form.parameters) {
      if (!lenient && parameter.forbids) continue;
      const match = matchAt(parameter.open, text, from);
      const found = match ? this.#parameter(parameter, match, from + match[0].length) : null;
      if (found) return found;
    }
    return null;
  }

  /** The parameter whose opening `match` ends at `valueStart`, then the rest: its value closed, or left open where the form allows. */
  #parameter(parameter: ParameterForm, match: RegExpExecArray, valueStart: number): Found | null {
    const tag = typeof parameter.close === 'string' ? parameter.close : parameter.close(match);
    if (parameter.closeOptional) return this.#withOptionalClose(match, valueStart, tag, parameter.declaredKeysOnly === true);
    const endsAtNext = this.#ends === 'bounded' && parameter.endsAtNextParameter === true;
    const toCallClose = this.#ends !== 'closed' && parameter.endsAtCallClose === true;
    return (
      this.#closedValue(parameter, match, valueStart, tag, endsAtNext) ??
      (toCallClose ? this.#valueToCallClose(match, valueStart, tag, endsAtNext) : null) ??
      (endsAtNext ? this.#valueToNextParameter(parameter, match, valueStart, tag) : null)
    );
  }

  /** The value ends at the first of its closing tags after which the rest parses. */
  #closedValue(parameter: ParameterForm, match: RegExpExecArray, valueStart: number, tag: string, endsAtNext: boolean): Found | null {
    const { text, ambiguous } = this.#call;
    const forbidden = parameter.forbids?.(match);
    for (const valueEnd of occurrences(text, tag, valueStart)) {
      const value = text.slice(valueStart, valueEnd);
      if (forbidden?.test(value) || (endsAtNext && ambiguous(value))) return null;
      const rest = this.from(valueEnd + tag.length);
      if (!rest) continue;
      // An empty element of a nesting form may be an empty list or object: the schema decides.
      const children = parameter.nested && (value === '' || ambiguous(value)) ? nestedElements(value, parameter) : undefined;
      const own = {
        key: keyOf(match),
        text: value,
        hint: match.groups?.hint,
        ...(children && (children.length > 0 || value === '') ? { children } : {}),
        ...(parameter.declaredKeysOnly ? { declaredOnly: true } : {}),
      };
      return { end: rest.end, parameters: [own, ...rest.parameters] };
    }
    return null;
  }

  /** A value left open up to the call's close (`endsAtCallClose`): the last parameter. */
  #valueToCallClose(match: RegExpExecArray, valueStart: number, tag: string, endsAtNext: boolean): Found | null {
    const { text, close, callOpening, ambiguous, cleanAfter } = this.#call;
    for (const valueEnd of occurrences(text, close, valueStart)) {
      const value = text.slice(valueStart, valueEnd);
      // Left open, the value ends at the first close of its call: one it would swallow closes the call.
      if (value.includes(close)) return null;
      if (value.includes(tag) || callOpening.test(value) || (endsAtNext && ambiguous(value)) || !cleanAfter(valueEnd + close.length)) continue;
      return { end: valueEnd + close.length, parameters: [{ key: keyOf(match), text: value, hint: match.groups?.hint }] };
    }
    return this.#valueToWrapperClose(match, valueStart, tag);
  }

  /**
   * The call's own close missing too, the value ends at a tag that also ends the call (`endsAt`, left in
   * place): `<tool_call><function=f><parameter=p>v</tool_call>`. The wrapper's close says the reply was
   * not cut off, so the elements still open inside it end there, as they would at the call's close;
   * the space before that tag is the gap between elements, not part of the value.
   */
  #valueToWrapperClose(match: RegExpExecArray, valueStart: number, tag: string): Found | null {
    const { text, form, close, callOpening, ambiguous, cleanAfter } = this.#call;
    const ends = (form.endsAt ?? []).map((end) => text.indexOf(end, valueStart)).filter((at) => at >= 0);
    if (ends.length === 0) return null;
    const valueEnd = Math.min(...ends);
    const value = text.slice(valueStart, valueEnd).replace(/\s+$/, '');
    if (value.includes(close) || value.includes(tag) || callOpening.test(value) || ambiguous(value) || !cleanAfter(valueEnd)) return null;
    return { end: valueEnd, parameters: [{ key: keyOf(match), text: value, hint: match.groups?.hint }] };
  }

  /** A value left open before the next parameter of this same form (its key and its value's opening tag). */
  #valueToNextParameter(parameter: ParameterForm, match: RegExpExecArray, valueStart: number, tag: string): Found | null {
    const { text, close, callOpening } = this.#call;
    const next = new RegExp(parameter.open.source, 'g');
    next.lastIndex = valueStart;
    const valueEnd = next.exec(text)?.index ?? -1;
    const value = text.slice(valueStart, valueEnd);
    const open = valueEnd < 0 || value.trim() === '' || value.includes(tag) || value.includes(close) || callOpening.test(value);
    const rest = open ? null : this.from(valueEnd);
    return rest ? { end: rest.end, parameters: [{ key: keyOf(match), text: value, hint: match.groups?.hint }, ...rest.parameters] } : null;
  }

  /**
   * A value whose closing tag may be left out: it ends at the first tag after which the call parses,
   * its own close (consumed) or the next parameter. A value left open before the next parameter that
   * a later close would also end (the rest parsing) has two readings: that later reading is returned
   * with its value marked, and refused as ambiguous by `parseCall`.
   */
  #withOptionalClose(match: RegExpExecArray, valueStart: number, tag: string, declaredOnly: boolean): Found | null {
    const { text } = this.#call;
    const reading = (valueEnd: number, rest: Found): Found => ({
      end: rest.end,
      parameters: [{ key: keyOf(match), text: text.slice(valueStart, valueEnd), ...(declaredOnly ? { declaredOnly } : {}) }, ...rest.parameters],
    });
    for (let valueEnd = text.indexOf('<', valueStart); valueEnd >= 0; valueEnd = text.indexOf('<', valueEnd + 1)) {
      const closed = text.startsWith(tag, valueEnd);
      const rest = closed ? this.from(valueEnd + tag.length) : this.from(valueEnd);
      if (!rest) continue;
      if (closed) return reading(valueEnd, rest);
      for (const laterEnd of occurrences(text, tag, valueEnd)) {
        const laterRest = this.from(laterEnd + tag.length);
        if (!laterRest) continue;
        const later = reading(laterEnd, laterRest);
        this.twoReadings.add(later.parameters[0] as RawParameter);
        return later;
      }
      return reading(valueEnd, rest);
    }
    return null;
  }
}

/** Every call of `form` in `text`, in order; a call that does not parse stops the scan. */
export function parseCalls(text: string, form: CallForm, siblings: readonly CallForm[] = []): ParsedCall[] {
  const calls: ParsedCall[] = [];
  // The next call of this form or of a sibling form read beside it: a closing tag in a sibling's call
  // (`<tool_call>` opens both GLM's and Xing's calls) is that call's, not left over from this one.
  const opens = [form.open, ...siblings.map((sibling) => sibling.open)];
  const nextStart = (from: number): number =>
    Math.min(
      ...opens.map((pattern) => {
        pattern.lastIndex = from;
        return pattern.exec(text)?.index ?? text.length;
      }),
    );
  let from = 0;
  while (from < text.length) {
    form.open.lastIndex = from;
    const open = form.open.exec(text);
    if (!open) break;
    const call = parseCall(text, form, open, nextStart);
    calls.push(call);
    if (!call.ok) break;
    from = Math.max(call.end, open.index + 1);
  }
  return calls;
}
