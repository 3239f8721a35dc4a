/**
 * What a dialect reader found in a model turn, before strict validation. Readers are lenient: they
 * turn whatever they recognise into decision-shaped candidates (seed 000 objects); `validateDecision`
 * alone decides what is accepted.
 */
import type { Thought, ToolSpec } from '../spec/decision.ts';
import type { InvalidDecisionKind } from '../errors/invalid-decision-error.ts';
import type { ActionNotes, KnownVariables } from './codec.ts';
import { isReservedToolName } from '../tools/tool-names.ts';
import { isRecord, readJson } from './extract/read-json.ts';
import { declaredWrappedArguments, mayBeWrapped } from './dialects/wrapped-arguments.ts';
import { leakedQuoteTokens } from './dialects/leaked-quote-tokens.ts';
import { restatedCallArguments } from './dialects/restated-call.ts';

export interface ReadFailure {
  kind: InvalidDecisionKind;
  /** Short and sanitized: it goes back into the prompt. */
  message: string;
  details?: string[];
  toolName?: string;
}

export interface Reading {
  /** The dialect read, e.g. `json`, `hermes`, `mistral`, `llama3`, `xml`, `line`, `envelope`. */
  dialect: string;
  /** Decision-shaped candidates, in order; not validated yet. */
  items: unknown[];
  thoughts: Thought[];
  /** True when the dialect text needed repair or had noise around it. */
  repaired: boolean;
  /** Set when the dialect is present but could not be read; `items` is then empty. */
  failure?: ReadFailure;
  /** The dialect is certainly present and its failure stands: another reader would only read a part of it. */
  conclusive?: boolean;
  /** A guess of the primary reader (e.g. any JSON object where a decision was expected): a failure of a clearer dialect wins. */
  weak?: boolean;
  /**
   * Calls found amid other text that are never run on their own: the parse skips this reading (the
   * call-attempt check refuses such text), and the coverage check counts its calls against another
   * dialect's reading (`uncovered-call.ts`), so they are never dropped beside it.
   */
  coverageOnly?: boolean;
  /** Native tool calls: the id each item came from. */
  toolCallIds?: string[];
  /** Per-item notes the dialect carries (envelope: type, confidence, warnings), aligned with `items`. */
  actions?: ActionNotes[];
  /** The turn's status, where the dialect carries one (envelope). */
  status?: string;
  /**
   * The stretches of the text the calls were read from, their own markup included, as half-open
   * `[start, end)` offsets, in order. The rest of the text is prose, checked for stray markup after the
   * reading is accepted (`stray-prose.ts`). @default undefined (the reader does not say: not checked)
   */
  spans?: Array<readonly [start: number, end: number]>;
  /** Envelope: a non-empty `final_response` beside actions. */
  finalResponse?: string;
}

export interface ReaderContext {
  tools: readonly ToolSpec[];
  /** True when this reader's dialect is the protocol asked for (it may then report weaker matches). */
  primary: boolean;
  /** Envelope: handler types on offer (ParseOptions.handlers). */
  handlers?: readonly string[];
  /** Envelope: the variables known when the turn starts (ParseOptions.variables). */
  variables?: KnownVariables;
  /** The primary reader only: the native tool calls returned with the text (ParseOptions.toolCalls), as given. */
  toolCalls?: unknown;
}

export interface DialectReader {
  readonly dialect: string;
  /**
   * Characters one of which every text this reader can read holds: on a text with none of them
   * `read` returns undefined whatever the context, so the parse does not call it (`drift-readers.ts`).
   * Checked against the reader by `test/protocols/reader-needs.test.ts`. @default undefined (always read)
   */
  readonly needs?: string;
  /** Returns undefined when the dialect is not present in `text`. Never throws. */
  read(text: string, context: ReaderContext): Reading | undefined;
}

/** The tool name a call writes: space around a name is never part of it (`name=" get_weather "`); tool names hold none. */
export function calledName(written: string): string {
  return written.trim();
}

/**
 * The offered tool a call writes, looked up by the name `callItem` gives the call: a reader that maps
 * a text input by the tool's schema must map it for the tool the call will run, or the input is lost.
 */
export function offeredTool(tools: readonly ToolSpec[], written: string): ToolSpec | undefined {
  const name = calledName(written);
  return tools.find((tool) => tool.name === name);
}

/**
 * Turns a `{name, arguments}` tool call into a decision candidate. `ask_user` and `answer_user` are
 * the decisions offered as tools (native protocol, xml): reserved names, never a real tool's. In every
 * dialect, arguments wrapped whole under one undeclared wrapper key are the wrapper's content when the
 * tool declares each of its keys (`wrapped-arguments.ts`), and a string one Gemma quote-token pair
 * wraps whole is the text inside it (`leaked-quote-tokens.ts`).
 */
export function callItem(written: unknown, args: unknown, tools: readonly ToolSpec[], reason = ''): unknown {
  const name = typeof written === 'string' ? calledName(written) : written;
  if (isReservedToolName(name) && isRecord(args)) {
    return { action: name, ...args };
  }
  const value = restatedCallArguments(args ?? {}, name, tools);
  // Most calls hold no wrapper: the tool's schema is looked up only for one that may be.
  const unwrapped = mayBeWrapped(value) ? declaredWrappedArguments(value, tools.find((offered) => offered.name === name)) : value;
  return { action: 'call_tool', tool: name, args: leakedQuoteTokens(unwrapped), reason };
}

/**
 * Arguments given as a JSON string (OpenAI style) are read; an empty string means no arguments.
 * When the string cannot be read, `value` is the string itself and `unreadable` says why.
 */
export function argumentsValue(args: unknown): { value: unknown; repaired: boolean; unreadable?: string } {
  if (typeof args !== 'string') return { value: args ?? {}, repaired: false };
  if (args.trim() === '') return { value: {}, repaired: false };
  const reading = readJson(args);
  return reading.ok ? { value: reading.value, repaired: reading.repaired } : { value: args, repaired: false, unreadable: reading.message };
}

export function failedReading(dialect: string, failure: ReadFailure): Reading {
  return { dialect, items: [], thoughts: [], repaired: false, failure };
}

/**
 * Wraps `build` with a one-entry cache keyed by the tool names, in order: for patterns built from the
 * offered names (`<(read_file|search)>`, `"name": "(read_file|search)"`). The loop offers the same
 * tools turn after turn, so the source text and the RegExp are built once instead of on every parse.
 * The cache is checked name by name against the list given (never by identity alone), so an edited
 * list is never served stale patterns; `build` must depend on the names only.
 */
export function lastToolList<T>(build: (tools: readonly ToolSpec[]) => T): (tools: readonly ToolSpec[]) => T {
  let names: unknown[] | undefined;
  let built: T;
  return (tools) => {
    if (names !== undefined && sameNames(names, tools)) return built;
    built = build(tools);
    names = tools.map((tool) => tool.name);
    return built;
  };
}

function sameNames(names: readonly unknown[], tools: readonly ToolSpec[]): boolean {
  if (names.length !== tools.length) return false;
  for (let index = 0; index < names.length; index++) if (names[index] !== tools[index]?.name) return false;
  return true;
}

/** Readers take the one escape from the extract layer through here. */
export { escapeRegExp } from './extract/marker-source.ts';
