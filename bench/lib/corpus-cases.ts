/**
 * Turns the shared corpus (`../shared/corpus/` beside the repo; never copied into it) into scoring
 * cases: the model text, the tools to offer, what a correct parser yields, and the record's format
 * label (dialect). Tools are built from the expected tool names with permissive schemas
 * (`{type: 'object'}`; the corpus carries no schemas); a record with no expected call gets the names
 * of its whole file, so a false call to a known tool counts as wrongly accepted. sglang records offer
 * their `tools_offered`. A record that expects a call without naming it offers the file's names and
 * every identifier of its text (the name is not checked). Records the scorer cannot judge fairly are
 * skipped and counted by reason. Files added to the corpus later are scored when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { jsonrepair } from 'jsonrepair';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { libraryGuess } from './broken-json-guesses.ts';
import type { ExpectedCall, Expectation } from './corpus-scorer.ts';
import { llamacppAnswer } from './llamacpp-answer.ts';
import { expectedNames, expectsUnnamedCall, toolSchemas, toolsOffered, vllmSchemaExpectation } from './vllm-schema-cases.ts';

export interface CorpusCase {
  id: string;
  /** The record's format or dialect label (`format`, or the library for broken-json). */
  label: string;
  /** The model output. */
  text: string;
  /** Set for broken-json records: damaged JSON to place in a codec's arguments slot (not in `text`). */
  argumentsText?: string;
  tools: ToolSpec[];
  expect: Expectation;
  /** Actions to allow in the turn: the number of expected calls (parallel calls are not a parse error). */
  maxActions: number;
}

export interface CorpusFile {
  file: string;
  cases: CorpusCase[];
  skipped: Record<string, number>;
}

const repoRoot = join(import.meta.dirname, '..', '..');
/**
 * `$REINS_CORPUS_DIR`, else `shared/corpus` beside the repo, or beside the folder of worktrees
 * (a worktree in `/work/wt/<name>` finds `/work/shared/corpus`).
 */
export const corpusDirectory =
  process.env.REINS_CORPUS_DIR ??
  [join(repoRoot, '..', 'shared', 'corpus'), join(repoRoot, '..', '..', 'shared', 'corpus')].find((candidate) => existsSync(candidate)) ??
  join(repoRoot, '..', 'shared', 'corpus');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Tools of these names: the schema the record gives for a name, else a permissive one. */
const toolsNamed = (names: Iterable<string>, schemas: ReadonlyMap<string, Record<string, unknown>> = new Map()): ToolSpec[] =>
  [...new Set(names)].map((name) => ({ name, inputSchema: schemas.get(name) ?? { type: 'object' } }));

function read(directory: string, file: string): Json[] {
  return JSON.parse(readFileSync(join(directory, file), 'utf8')) as Json[];
}

/** Expected calls of a `[{name, arguments}]` list, or a skip reason. */
function callsOf(list: unknown): ExpectedCall[] | string {
  if (!Array.isArray(list)) return 'no expected calls';
  const calls: ExpectedCall[] = [];
  for (const call of list as Json[]) {
    if (call.arguments_partial) return 'partial arguments';
    let args = call.arguments;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        return 'arguments not JSON';
      }
    }
    if (!isObject(args) || typeof call.name !== 'string') return 'arguments not an object';
    calls.push({ name: call.name, arguments: args });
  }
  return calls;
}

const labelOf = (record: Json) => String(record.format ?? record.library ?? 'unlabelled');
/** Identifiers of a text, except element names (`<tool_call>` is markup, not a tool to offer). */
const identifiers = (text: string) => text.replace(/<\/?[A-Za-z_][\w.:-]*/g, ' ').match(/[A-Za-z_][\w-]*/g) ?? [];

/** Actions allowed where a record does not fix how many calls it expects. */
const UNCOUNTED_CALLS = 16;

/** Actions to allow: every call the record may expect (parallel calls are not a parse error). */
function maxActionsOf(expect: Expectation): number {
  if (expect.kind === 'calls') return Math.max(1, expect.calls.length);
  if (expect.kind !== 'checks') return 1;
  const { count, called, atLeast, calls = [] } = expect.checks;
  if (count !== undefined) return Math.max(1, count);
  return called === true || atLeast !== undefined || calls.length > 0 ? UNCOUNTED_CALLS : 1;
}

function build(file: string, records: Json[], expectOf: (record: Json) => Expectation | string): CorpusFile {
  const skipped: Record<string, number> = {};
  const judged: Array<{ record: Json; expect: Expectation; index: number }> = [];
  records.forEach((record, index) => {
    const expect = expectOf(record);
    if (typeof expect === 'string') skipped[expect] = (skipped[expect] ?? 0) + 1;
    else judged.push({ record, expect, index });
  });
  const allNames = judged.flatMap(({ expect }) => expectedNames(expect));
  const cases = judged.map(({ record, expect, index }): CorpusCase => {
    const offered = toolsOffered(record);
    const named = expectedNames(expect);
    let names = offered ? [...offered, ...named] : named.length > 0 ? named : allNames;
    if (expectsUnnamedCall(expect)) names = [...names, ...allNames, ...identifiers(String(record.input))];
    const id = String(record.id ?? `${file}#${index}`);
    return { id, label: labelOf(record), text: String(record.input), tools: toolsNamed(names, toolSchemas(record)), expect, maxActions: maxActionsOf(expect) };
  });
  return { file, cases, skipped };
}

/** llama.cpp tool-call records: calls, or (no call) the content as the answer (`llamacppAnswer`). */
function toolCallExpectation(record: Json, all: readonly Json[]): Expectation | string {
  if (record.is_partial) return 'streaming prefix (is_partial)';
  const calls = callsOf(record.expected_tool_calls ?? []);
  if (typeof calls === 'string') return calls;
  if (calls.length > 0) return { kind: 'calls', calls };
  const content = llamacppAnswer(record, all);
  if (content.trim() === '') return 'no call and empty content';
  return { kind: 'answer', text: content };
}

/** A ReAct keyword at a line start, or an XML-agent element: the text attempts the agent format. */
const agentMarkup = /^\s*(?:Thought|Action|Action\s*\d*\s*Input|Observation|Final\s+Answer)\s*\d*\s*:|<\/?(?:tool|tool_input|final_answer)>/im;

/** A `Final Answer:`, then an `Action:` line with its `Action Input:`. */
const actionAfterAnswer = /^\s*Final\s+Answer\s*:[\s\S]*^\s*Action\s*\d*\s*:.*\n\s*Action\s*\d*\s*Input\s*\d*\s*:/im;

function reactExpectation(record: Json): Expectation | string {
  const expected = record.expected as Json;
  switch (expected.type) {
    case 'action': {
      const input = expected.tool_input;
      if (isObject(input)) return { kind: 'calls', calls: [{ name: String(expected.tool), arguments: input }] };
      return 'string tool input (no JSON arguments)';
    }
    case 'tool_calls': {
      const calls = callsOf(expected.tool_calls);
      return typeof calls === 'string' ? calls : { kind: 'calls', calls };
    }
    case 'final_answer': {
      // A final answer followed by a whole action: the parser's rule picks the answer (LangChain's
      // MRKL parser); the text gives both, so a correction asking for one is right too.
      const both = actionAfterAnswer.test(String(record.input));
      return both
        ? { kind: 'answer', text: String(expected.output), refusable: 'the text gives a final answer and then an action: the parser chose the answer' }
        : { kind: 'answer', text: String(expected.output) };
    }
    case 'no_tool_calls':
      return { kind: 'answer', text: String(expected.remaining_text ?? record.input) };
    case 'error': {
      // Prose with no agent markup is refused by a ReAct parser for want of an `Action:`; where plain
      // text is the answer, reading it as that prose is the protocol's rule (scored n/a, not right).
      const text = String(record.input);
      return agentMarkup.test(text) ? { kind: 'reject' } : { kind: 'reject', plainText: text };
    }
    default:
      return `expectation type ${String(expected.type)}`;
  }
}

/** The JSON Schema a json_repair record repaired against, when the probe tool can carry it (an object schema). */
function probeSchemaOf(record: Json): Record<string, unknown> | undefined {
  const schema = isObject(record.options) ? record.options.schema : undefined;
  return isObject(schema) && schema.type === 'object' ? schema : undefined;
}

/** The input read as strict JSON, or undefined. */
function strictJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Why `expected` is a guess about the record's input, or undefined: the input and the expected value
 * show the library filled in, cut, dropped, moved or retyped what the model wrote (`libraryGuess`), or
 * jsonrepair (the library reins repairs with) reads the input as another object (a list of prose
 * fragments is that library failing, not a second reading).
 */
function disagreement(record: Json, expected: unknown): string | undefined {
  const guess = libraryGuess(String(record.input), expected);
  if (guess) return guess;
  if (String(record.library).startsWith('jsonrepair')) return undefined; // the expectation is jsonrepair's own reading
  let other: unknown;
  try {
    other = JSON.parse(jsonrepair(String(record.input)));
  } catch {
    return undefined; // jsonrepair cannot read it: no evidence of a second reading
  }
  // Only another object is a second reading of a call's arguments: jsonrepair's array of prose
  // fragments (`["Here is:", {..}]`) or split values says that library failed, not that the model's
  // text reads two ways.
  if (!isObject(other)) return undefined;
  return isDeepStrictEqual(other, expected) ? undefined : `jsonrepair reads ${JSON.stringify(other)}`;
}

/**
 * Damaged JSON -> the arguments of one call to `probe`. Only records whose value is an object are
 * scored (a call's arguments are an object; other values are skipped by reason). The expected values
 * are each library's policy, so:
 * - json_repair's `strict` mode refuses any repair, and reins repairs by design: skipped;
 * - a refused input that is already strict JSON (a library's own rule, e.g. key characters) is skipped:
 *   reins reads exactly what was written, which is never a misread;
 * - a record repaired against a JSON Schema (`options.schema`) offers `probe` with that schema, and a
 *   refusal is right (the library coerced, wrapped or filled values to fit it; reins corrects instead);
 * - where jsonrepair (a second maintained repairer) reads the damage as another value, the damage
 *   reads two ways; where the input and the expected value show the library filled in, cut, dropped,
 *   moved or retyped what the model wrote (`broken-json-guesses.ts`): a refusal is right (`refusable`);
 * - an empty input is skipped: an empty arguments slot is a call with no arguments, not damage;
 * - a strict-JSON input the library reads as another value is skipped: its value is the JSON's.
 * An accepted value other than the expected one is always wrongly accepted.
 */
function brokenJsonExpectation(record: Json): Expectation | string {
  const options = isObject(record.options) ? record.options : {};
  if (options.strict) return 'strict mode (refuses any repair)';
  if (options.schema !== undefined && !probeSchemaOf(record)) return 'repaired against a non-object schema';
  if (String(record.input).trim() === '') return 'empty input (an empty arguments slot means no arguments)';
  if (record.unrecoverable) {
    const valid = strictJson(String(record.input)) !== undefined;
    return valid && !probeSchemaOf(record) ? 'strict JSON the library refuses by its own rule' : { kind: 'reject' };
  }
  let value = record.expected;
  if (record.expected_kind === 'json_text') {
    try {
      value = JSON.parse(String(value));
    } catch {
      return 'expected text is not JSON';
    }
  }
  if (!isObject(value)) return 'expected value is not an object';
  const strict = strictJson(String(record.input));
  if (strict !== undefined && !probeSchemaOf(record) && !isDeepStrictEqual(strict, value)) return 'strict JSON the library reads otherwise';
  const calls = [{ name: 'probe', arguments: value }];
  const refusable = probeSchemaOf(record) ? 'the library fitted the value to a JSON Schema' : disagreement(record, value);
  return refusable ? { kind: 'calls', calls, refusable } : { kind: 'calls', calls };
}

/** True when `path` (a list of keys) names a key present in `value`. */
const holdsPath = (value: unknown, path: unknown): boolean =>
  Array.isArray(path) && path.length > 0 && path.reduce<unknown>((node, key) => (isObject(node) && Object.hasOwn(node, String(key)) ? node[String(key)] : undefined), value) !== undefined;

/**
 * llama.cpp's partial-JSON healing records -> the arguments of one call to `probe` (like broken-json).
 * llama.cpp heals a JSON prefix for streaming: a value under an args path is dumped as the text so
 * far, a cut value elsewhere is dropped. So:
 * - a complete record (`expected_is_partial: false`) expects its JSON as written;
 * - a cut record whose healed value is a value (no args dumped as text) expects that value, and a
 *   refusal is right (the text is cut: where its last value ends is a guess, and llama.cpp's own
 *   reading drops what was cut);
 * - a cut record whose expected value holds arguments dumped as text has no value to compare: skipped.
 */
function partialJsonExpectation(record: Json): Expectation | string {
  const input = String(record.input);
  if (record.expected_is_partial !== true) {
    const value = strictJson(input);
    return isObject(value) ? { kind: 'calls', calls: [{ name: 'probe', arguments: value }] } : 'complete input is not a JSON object';
  }
  const paths = Array.isArray(record.args_paths) ? record.args_paths : [];
  const healed = strictJson(String(record.expected));
  if (!isObject(healed) || paths.some((path) => (Array.isArray(path) && path.length === 0) || holdsPath(healed, path))) {
    return 'arguments dumped as text so far (a streaming display, not a value)';
  }
  return { kind: 'calls', calls: [{ name: 'probe', arguments: healed }], refusable: 'the JSON is cut off: where its last value ends is a guess' };
}

/** Damaged or cut JSON files: each record's input goes in a codec's arguments slot of `probe`, never in the text. */
function asArguments(file: CorpusFile, schemaOf: (id: string) => Record<string, unknown> | undefined = () => undefined): CorpusFile {
  for (const item of file.cases) {
    item.argumentsText = item.text;
    item.text = '';
    item.tools = [{ name: 'probe', inputSchema: schemaOf(item.id) ?? { type: 'object' } }];
  }
  return file;
}

/** Files in the vLLM schema, scored by `vllmSchemaExpectation`, when present. */
export const vllmSchemaFiles = [
  'vllm-toolcalls.json',
  'sglang-toolcalls.json',
  'transformers-toolcalls.json',
  'mistral-common-toolcalls.json',
  'hermes-function-calling-toolcalls.json',
] as const;

/** llama.cpp's partial-JSON healing records (scored by `partialJsonExpectation`), when present. */
export const partialJsonFile = 'llamacpp-partial-json.json';

/** The corpus files reins is scored on; undefined when the corpus directory is absent. */
export function loadCorpus(directory = corpusDirectory): CorpusFile[] | undefined {
  if (!existsSync(directory)) return undefined;
  const brokenRecords = read(directory, 'broken-json.json');
  const byId = new Map(brokenRecords.map((record) => [String(record.id), record]));
  const broken = asArguments(build('broken-json.json', brokenRecords, brokenJsonExpectation), (id) => {
    const record = byId.get(id);
    return record && probeSchemaOf(record);
  });
  const partial = existsSync(join(directory, partialJsonFile)) ? [asArguments(build(partialJsonFile, read(directory, partialJsonFile), partialJsonExpectation))] : [];
  const llamacpp = read(directory, 'llamacpp-toolcalls.json');
  return [
    build('llamacpp-toolcalls.json', llamacpp, (record) => toolCallExpectation(record, llamacpp)),
    ...vllmSchemaFiles.filter((file) => existsSync(join(directory, file))).map((file) => build(file, read(directory, file), vllmSchemaExpectation)),
    build('react-xml.json', read(directory, 'react-xml.json'), reactExpectation),
    broken,
    ...partial,
  ];
}
