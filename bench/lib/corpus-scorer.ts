/**
 * Scores one codec parse against what a corpus record expects. Compares parsed JSON values, never
 * text. Four outcomes:
 * - `accepted-correct`: accepted, and the decisions are the expected calls (same names, deep-equal
 *   args, same order), the expected answer (whitespace-insensitive), or pass every check a partial
 *   record lists;
 * - `rejected-correctly`: rejected where the record expects no decision (malformed input), no
 *   call (a refusal then reads nothing wrong), or calls, checks or an answer marked `refusable` (the
 *   expected value is one repair library's guess at damaged JSON, see `corpus-cases.ts`; the record's
 *   parser guessed, see `vllm-schema-cases.ts`; or the text also holds a call and which one was meant
 *   is the parser's choice);
 * - `rejected`: rejected where the record expects calls or an answer;
 * - `wrongly-accepted`: accepted with other decisions than expected, or accepted where the record
 *   expects a rejection;
 * - `not-applicable` (`n/a`): the record's expectation rests on a rule the protocol does not have, so
 *   it says nothing about reins. Two cases, both about plain text: a record whose answer is plain text,
 *   refused by a protocol where plain text is not an answer (`json`, `envelope`, `line`: the
 *   correction asking for the protocol's answer form is that protocol's rule, seed 000); and plain
 *   prose that a ReAct parser refuses for want of an `Action:` (`reject` with `plainText`), read as
 *   exactly that prose by a protocol where plain text is the answer (`native`, `xml`). Also a call
 *   whose arguments differ from the expected ones only where an expected value fails the record's own
 *   tool schema (transformers keeps `1.5` for a `string` property; reins validates strictly, so it
 *   reads `"1.50"` and can never accept the expected value), or where a property the offered tool does
 *   not declare holds the same text typed otherwise (`"True"` for true, `"null"` for null, the text
 *   `{'k': 'v'}` for the object: the record's parser typed it by a schema the record does not carry,
 *   and reins reads it by the schema when one is given), every other argument equal; or arguments
 *   the model wrote that the record's given schema does not declare (its parser dropped them); or a
 *   Hermes call cut off after complete values, read as exactly those values, where the record expects
 *   no call (DESIGN §4 repairs truncation at the end; seed drift case "truncated hermes call").
 *   Refusals of records that expect calls stay `rejected` unless marked `refusable`; any other
 *   reading stays wrong.
 */
import { isDeepStrictEqual } from 'node:util';
import { jsonrepair } from 'jsonrepair';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';
import { validateAgainstSchema } from '../../src/tools/schema-validator.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';

export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** One call a partial record checks (vLLM-schema `expected_checks.tool_calls[index]`). */
export interface CallCheck {
  index: number;
  name?: string;
  /** The arguments, exactly (`function.arguments(json)` and its spellings). */
  arguments?: Record<string, unknown>;
  /** Keys the arguments must hold with these values (`function.arguments(json, subset)`). */
  subset?: Record<string, unknown>;
  /** The arguments must equal one of these (`function.arguments in`). */
  oneOf?: Array<Record<string, unknown>>;
}

/** What a partial record asserted: only these are checked. */
export interface Checks {
  called?: boolean;
  count?: number;
  atLeast?: number;
  calls?: CallCheck[];
  /** The answer text, when the record asserts content and no call. */
  content?: string;
}

/** What a record says a correct parser yields. */
export type Expectation =
  /**
   * `refusable`: why the expected arguments are one library's guess, not what the model surely
   * wrote (the damage reads two ways); a refusal (a correction asking to resend) is then right, an
   * accepted value other than `calls` is still a misread.
   */
  | { kind: 'calls'; calls: ExpectedCall[]; refusable?: string }
  /** `refusable`: why a refusal is right too (the text opens a call its parser could not read, is cut off inside one, or holds a call too and the record's parser chose the answer). */
  | { kind: 'answer'; text: string; refusable?: string }
  /** `plainText`: the record is plain prose, refused by its parser only because it has no call markup. */
  | { kind: 'reject'; plainText?: string }
  /** No call may be accepted: an answer (any text) or a refusal is right. */
  | { kind: 'no-call' }
  /** `refusable`: why the checked calls are the record's parser's guess (a renamed tool, a dropped cut-off call). */
  | { kind: 'checks'; checks: Checks; refusable?: string };

export type Outcome = 'accepted-correct' | 'rejected-correctly' | 'rejected' | 'wrongly-accepted' | 'not-applicable';

export const outcomes: readonly Outcome[] = ['accepted-correct', 'rejected-correctly', 'rejected', 'wrongly-accepted', 'not-applicable'];

export interface ScoreOptions {
  /**
   * Whether the protocol reads plain text as the answer (`native`, `xml`).
   * @default true
   */
  plainTextAnswer?: boolean;
  /** The tools offered, with the schemas a record gives (used to tell an expected value the schema rejects). */
  tools?: readonly ToolSpec[];
  /** The text the codec read (the model output, or the arguments text): a value written there as a JSON string is a string. */
  input?: string;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * True when `args` holds every key of `subset` with its value; a nested object is compared the same
 * way (the records checked nested keys one by one), anything else (arrays, scalars) deep-equal.
 */
const isSubset = (args: Record<string, unknown>, subset: Record<string, unknown>): boolean =>
  Object.entries(subset).every(([key, value]) => {
    if (!Object.hasOwn(args, key)) return false;
    const given = args[key];
    return isPlainObject(value) && isPlainObject(given) ? isSubset(given, value) : isDeepStrictEqual(given, value);
  });

function answerMatches(decisions: readonly Decision[], text: string): boolean {
  const [only] = decisions;
  return decisions.length === 1 && only?.action === 'answer_user' && collapse(only.answer) === collapse(text);
}

function callMatches(decision: Decision | undefined, check: CallCheck): boolean {
  if (decision?.action !== 'call_tool') return false;
  if (check.name !== undefined && decision.tool !== check.name) return false;
  if (check.arguments && !isDeepStrictEqual(decision.args, check.arguments)) return false;
  if (check.subset && !isSubset(decision.args, check.subset)) return false;
  return !check.oneOf || check.oneOf.some((args) => isDeepStrictEqual(decision.args, args));
}

function checksPass(decisions: readonly Decision[], checks: Checks): boolean {
  const calls = decisions.filter((decision) => decision.action === 'call_tool');
  const expectsNone = checks.called === false || checks.count === 0;
  if (expectsNone) return calls.length === 0 && (checks.content === undefined || answerMatches(decisions, checks.content));
  if (checks.called === true && calls.length === 0) return false;
  if (checks.count !== undefined && calls.length !== checks.count) return false;
  if (checks.atLeast !== undefined && calls.length < checks.atLeast) return false;
  if (calls.length > 0 && calls.length !== decisions.length) return false;
  return (checks.calls ?? []).every((check) => callMatches(calls[check.index], check));
}

function matches(decisions: readonly Decision[], expect: Exclude<Expectation, { kind: 'reject' }>): boolean {
  switch (expect.kind) {
    case 'answer':
      return answerMatches(decisions, expect.text);
    case 'no-call':
      return decisions.every((decision) => decision.action !== 'call_tool');
    case 'checks':
      return checksPass(decisions, expect.checks);
    case 'calls':
      if (decisions.length !== expect.calls.length) return false;
      return expect.calls.every((call, index) => {
        const decision = decisions[index];
        return decision?.action === 'call_tool' && decision.tool === call.name && isDeepStrictEqual(decision.args, call.arguments);
      });
  }
}

/** True when a refusal is a right reading of the record (it expects no call and no given answer, or the expected call is a guess). */
function refusalIsRight(expect: Expectation): boolean {
  if (expect.kind === 'reject' || expect.kind === 'no-call') return true;
  if (expect.kind === 'calls' || expect.kind === 'answer' || expect.refusable !== undefined) return expect.refusable !== undefined;
  if (expect.kind !== 'checks') return false;
  const { checks } = expect;
  return (checks.called === false || checks.count === 0) && checks.content === undefined;
}

/** True when the record expects a plain-text answer (and no call). */
function expectsAnswerText(expect: Expectation): boolean {
  if (expect.kind === 'answer') return true;
  return expect.kind === 'checks' && expect.checks.content !== undefined && (expect.checks.called === false || expect.checks.count === 0);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text read as a JSON or Python literal (`True`, `{'k': 'v'}`), or undefined. */
function literalOf(text: string): unknown {
  try {
    return JSON.parse(jsonrepair(text.trim())) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * True when one value is a string and the other the same text read as another JSON type (`"True"` and
 * true, `"null"` and null, `"{'k': 'v'}"` and the object): which one a server returns depends on the
 * property's declared type.
 */
function sameTextTypedOtherwise(got: unknown, expected: unknown, input: string | undefined): boolean {
  const [text, typed] = typeof got === 'string' ? [got, expected] : [expected, got];
  if (typeof text !== 'string' || typeof typed === 'string' || input === undefined) return false;
  // Written as a JSON string (`"1"`), the value is a string whatever the schema says: no n/a.
  if (input.includes(JSON.stringify(text))) return false;
  const literal = literalOf(text);
  return literal !== undefined && isDeepStrictEqual(literal, typed);
}

/**
 * True when `key` is an argument the model wrote that the record's parser dropped because the record's
 * tool schema (given, with `properties`) does not declare it and allows it (vLLM's and sglang's MiniCPM
 * parsers drop such arguments; reins passes them on and lets the schema decide).
 */
function droppedUndeclared(key: string, got: Record<string, unknown>, expected: Record<string, unknown>, declared: Record<string, unknown> | undefined, tool: ToolSpec | undefined): boolean {
  if (!declared || Object.hasOwn(declared, key) || tool?.inputSchema.additionalProperties === false) return false;
  return Object.hasOwn(got, key) && !Object.hasOwn(expected, key);
}

/** The closing brackets a JSON text cut short still needs, or undefined when it is cut inside a string, complete, or not JSON-like. */
function missingClosers(text: string): string | undefined {
  const stack: string[] = [];
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return undefined;
    }
  }
  return inString || stack.length === 0 ? undefined : stack.reverse().join('');
}

/**
 * True when the input is one Hermes `<tool_call>` whose JSON is cut off after complete values (only
 * closing brackets missing) and the decisions are exactly that call. DESIGN §4 repairs truncation at
 * the end, and the seed drift case "truncated hermes call" requires this reading; a record whose
 * parser refuses any damaged JSON expects no call there: a rule reins does not have.
 */
function cutHermesCallReadAsWritten(decisions: readonly Decision[], input: string | undefined): boolean {
  const open = input?.indexOf('<tool_call>') ?? -1;
  if (input === undefined || open < 0 || input.includes('</tool_call>') || input.indexOf('<tool_call>', open + 1) >= 0) return false;
  const body = input.slice(open + '<tool_call>'.length).trim();
  const closers = body.startsWith('{') ? missingClosers(body) : undefined;
  if (closers === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(body + closers);
  } catch {
    return false;
  }
  const [only] = decisions;
  if (decisions.length !== 1 || only?.action !== 'call_tool' || !isObject(value)) return false;
  return value.name === only.tool && isDeepStrictEqual(value.arguments ?? value.parameters ?? {}, only.args);
}

/**
 * True when `got` differs from `expected` only at keys whose expected value fails the tool's property
 * schema, or (`untyped`) at keys the tool does not declare where both are the same text typed
 * otherwise (the record's parser typed it by a schema the record does not carry).
 */
function differsOnlyWhereSchemaRejects(got: Record<string, unknown>, expected: Record<string, unknown>, tool: ToolSpec | undefined, input: string | undefined): boolean {
  const declared = isObject(tool?.inputSchema.properties) ? tool.inputSchema.properties : undefined;
  const properties = declared ?? {};
  const keys = new Set([...Object.keys(got), ...Object.keys(expected)]);
  let differs = false;
  for (const key of keys) {
    if (Object.hasOwn(got, key) && Object.hasOwn(expected, key) && isDeepStrictEqual(got[key], expected[key])) continue;
    if (droppedUndeclared(key, got, expected, declared, tool)) {
      differs = true;
      continue;
    }
    if (!Object.hasOwn(got, key) || !Object.hasOwn(expected, key)) return false;
    const schema = properties[key];
    const untyped = schema === undefined && sameTextTypedOtherwise(got[key], expected[key], input);
    if (!untyped && (!isObject(schema) || validateAgainstSchema(schema, expected[key]).ok)) return false;
    differs = true;
  }
  return differs;
}

/** The arguments a record expects per call index, when it fixes them (`subset`: only these keys are checked). */
function expectedArguments(expect: Expectation): Map<number, { name?: string; args: Record<string, unknown>; subset?: boolean }> {
  const fixed = new Map<number, { name?: string; args: Record<string, unknown>; subset?: boolean }>();
  if (expect.kind === 'calls') expect.calls.forEach((call, index) => fixed.set(index, { name: call.name, args: call.arguments }));
  if (expect.kind === 'checks') {
    for (const check of expect.checks.calls ?? []) {
      if (check.arguments) fixed.set(check.index, { name: check.name, args: check.arguments });
      else if (check.subset) fixed.set(check.index, { name: check.name, args: check.subset, subset: true });
    }
  }
  return fixed;
}

/** True when the calls read are the expected ones except values the record's own schema rejects. */
function onlySchemaRejectedValuesDiffer(decisions: readonly Decision[], expect: Expectation, tools: readonly ToolSpec[], input: string | undefined): boolean {
  const fixed = expectedArguments(expect);
  if (fixed.size === 0 || (expect.kind === 'calls' && decisions.length !== expect.calls.length)) return false;
  let differs = false;
  for (const [index, call] of fixed) {
    const decision = decisions[index];
    if (decision?.action !== 'call_tool' || (call.name !== undefined && decision.tool !== call.name)) return false;
    // A subset check compares only its keys: the call's other arguments are not the record's concern.
    const got = call.subset ? Object.fromEntries(Object.keys(call.args).filter((key) => Object.hasOwn(decision.args, key)).map((key) => [key, decision.args[key]])) : decision.args;
    if (isDeepStrictEqual(got, call.args)) continue;
    if (!differsOnlyWhereSchemaRejects(got, call.args, tools.find((tool) => tool.name === decision.tool), input)) return false;
    differs = true;
  }
  const relaxed =
    expect.kind === 'checks' ? { ...expect.checks, calls: (expect.checks.calls ?? []).map(({ arguments: _, subset: __, ...rest }) => rest) } : undefined;
  return differs && (relaxed === undefined || checksPass(decisions, relaxed));
}

export function scoreParse(result: ParseResult, expect: Expectation, { plainTextAnswer = true, tools = [], input }: ScoreOptions = {}): Outcome {
  if (!result.success) {
    if (refusalIsRight(expect)) return 'rejected-correctly';
    return !plainTextAnswer && expectsAnswerText(expect) ? 'not-applicable' : 'rejected';
  }
  if (expect.kind === 'reject') {
    const prose = expect.plainText !== undefined && plainTextAnswer && answerMatches(result.decisions, expect.plainText);
    return prose || cutHermesCallReadAsWritten(result.decisions, input) ? 'not-applicable' : 'wrongly-accepted';
  }
  if (matches(result.decisions, expect)) return 'accepted-correct';
  if (expect.kind === 'no-call' && cutHermesCallReadAsWritten(result.decisions, input)) return 'not-applicable';
  return onlySchemaRejectedValuesDiffer(result.decisions, expect, tools, input) ? 'not-applicable' : 'wrongly-accepted';
}

/** Counts per outcome. */
export type Tally = Record<Outcome, number>;

export function emptyTally(): Tally {
  return { 'accepted-correct': 0, 'rejected-correctly': 0, rejected: 0, 'wrongly-accepted': 0, 'not-applicable': 0 };
}

/** Every record scored, `n/a` included. */
export function tallyTotal(tally: Tally): number {
  return outcomes.reduce((sum, outcome) => sum + tally[outcome], 0);
}

/** The records the protocol can be judged on: every record but the `n/a` ones. */
export function tallyApplicable(tally: Tally): number {
  return tallyTotal(tally) - tally['not-applicable'];
}
