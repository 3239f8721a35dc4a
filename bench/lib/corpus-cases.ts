/**
 * Turns the shared corpus (`../shared/corpus/` beside the repo; never copied into it) into scoring
 * cases: the model text, the tools to offer, and what a correct parser yields. Tools are built from
 * the expected tool names with permissive schemas (`{type: 'object'}`); a record with no expected
 * call gets the names of its whole file, so a false call to a known tool counts as wrongly accepted.
 * Records the scorer cannot judge fairly are skipped and counted by reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolSpec } from '../../src/decision.ts';
import type { ExpectedCall, Expectation } from './corpus-scorer.ts';

export interface CorpusCase {
  id: string;
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

export const corpusDirectory = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const toolsNamed = (names: Iterable<string>): ToolSpec[] => [...new Set(names)].map((name) => ({ name, inputSchema: { type: 'object' } }));

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

function build(file: string, records: Json[], expectOf: (record: Json) => Expectation | string): CorpusFile {
  const skipped: Record<string, number> = {};
  const judged: Array<{ record: Json; expect: Expectation }> = [];
  for (const record of records) {
    const expect = expectOf(record);
    if (typeof expect === 'string') skipped[expect] = (skipped[expect] ?? 0) + 1;
    else judged.push({ record, expect });
  }
  const allNames = judged.flatMap(({ expect }) => (expect.kind === 'calls' ? expect.calls.map((call) => call.name) : []));
  const cases = judged.map(({ record, expect }, index): CorpusCase => {
    const names = expect.kind === 'calls' ? expect.calls.map((call) => call.name) : allNames;
    return { id: String(record.id ?? `${file}#${index}`), text: String(record.input), tools: toolsNamed(names), expect, maxActions: expect.kind === 'calls' ? Math.max(1, expect.calls.length) : 1 };
  });
  return { file, cases, skipped };
}

/** llama.cpp and vLLM tool-call records: calls, or (no call) the content as the answer. */
function toolCallExpectation(record: Json): Expectation | string {
  if (record.is_partial) return 'streaming prefix (is_partial)';
  if (record.expected_tool_calls_complete === false) return 'expected calls not fully asserted (vLLM)';
  const calls = callsOf(record.expected_tool_calls ?? []);
  if (typeof calls === 'string') return calls;
  if (calls.length > 0) return { kind: 'calls', calls };
  const given = typeof record.expected_content === 'string' ? record.expected_content : String(record.input);
  // Where the record keeps reasoning in the content, drop it: reins strips reasoning by design.
  const content = given.replace(/<think>[\s\S]*?<\/think>/g, '');
  if (content.trim() === '') return 'no call and empty content';
  return { kind: 'answer', text: content };
}

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
    case 'final_answer':
      return { kind: 'answer', text: String(expected.output) };
    case 'no_tool_calls':
      return { kind: 'answer', text: String(expected.remaining_text ?? record.input) };
    case 'error':
      return { kind: 'reject' };
    default:
      return `expectation type ${String(expected.type)}`;
  }
}

function brokenJsonExpectation(record: Json): Expectation | string {
  if (record.unrecoverable) return { kind: 'reject' };
  let value = record.expected;
  if (record.expected_kind === 'json_text') {
    try {
      value = JSON.parse(String(value));
    } catch {
      return 'expected text is not JSON';
    }
  }
  return isObject(value) ? { kind: 'calls', calls: [{ name: 'probe', arguments: value }] } : 'expected value is not an object';
}

/** The corpus files reins is scored on; undefined when the corpus directory is absent. */
export function loadCorpus(directory = corpusDirectory): CorpusFile[] | undefined {
  if (!existsSync(directory)) return undefined;
  const broken = build('broken-json.json', read(directory, 'broken-json.json'), brokenJsonExpectation);
  for (const item of broken.cases) {
    item.argumentsText = item.text;
    item.text = '';
    item.tools = toolsNamed(['probe']);
  }
  return [
    build('llamacpp-toolcalls.json', read(directory, 'llamacpp-toolcalls.json'), toolCallExpectation),
    build('vllm-toolcalls.json', read(directory, 'vllm-toolcalls.json'), toolCallExpectation),
    build('react-xml.json', read(directory, 'react-xml.json'), reactExpectation),
    broken,
  ];
}
