/**
 * Expectations of the corpus files that share the vLLM schema (vllm, sglang, transformers,
 * mistral-common, hermes-function-calling), by the corpus README's rules:
 * - only records with `expected_tool_calls_complete: true` fix every call (count, names, arguments);
 * - partial records check what `expected_checks` lists (tools_called, num_tool_calls,
 *   `num_tool_calls >=`, per-call name and arguments, exact or subset); content_checks (Python
 *   assertion text) are not evaluated;
 * - `expected_checks.error` (mistral-common malformed records) must be refused;
 * - a complete record with no call and no asserted content expects no call (sglang drops calls to
 *   tools not offered and malformed calls): a refusal or an answer is right, a call is wrong.
 * - a record with no model text that expects a call or an answer is skipped (vLLM's harmony tests
 *   pass token ids, not text).
 * Tools offered: `tools_offered` where the record has it (sglang), plus the names it expects.
 */
import { callOpenings, cutCallOpenings, firstCallSkipped, opensWithCallMarkup } from './call-markup.ts';
import type { CallCheck, Checks, Expectation } from './corpus-scorer.ts';
import { upstreamToolSchemas } from './upstream-tool-schemas.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Arguments as a JSON object: parsed from a string (empty string = `{}`), or undefined. */
function argumentsValue(value: unknown): Json | undefined {
  if (isObject(value)) return value;
  if (typeof value !== 'string') return undefined;
  if (value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function callCheck(index: number, fields: Json): CallCheck | string {
  const check: CallCheck = { index };
  if (typeof fields['function.name'] === 'string') check.name = fields['function.name'];
  for (const key of ['function.arguments(json)', 'function.arguments.json.loads()', 'function.arguments']) {
    if (!(key in fields)) continue;
    const args = argumentsValue(fields[key]);
    if (!args) return 'checked arguments not a JSON object';
    check.arguments = args;
  }
  if ('function.arguments(json, subset)' in fields) {
    const subset = argumentsValue(fields['function.arguments(json, subset)']);
    if (!subset) return 'checked arguments not a JSON object';
    check.subset = subset;
  }
  const alternatives = fields['function.arguments in'];
  if (Array.isArray(alternatives)) {
    const parsed = alternatives.map(argumentsValue);
    if (parsed.some((args) => !args)) return 'checked arguments not a JSON object';
    check.oneOf = parsed as Json[];
  }
  return check;
}

function partialExpectation(record: Json, given: Json): Expectation | string {
  const checks: Checks = {};
  if (typeof given.tools_called === 'boolean') checks.called = given.tools_called;
  if (typeof given.num_tool_calls === 'number') checks.count = given.num_tool_calls;
  if (typeof given['num_tool_calls >='] === 'number') checks.atLeast = given['num_tool_calls >='];
  if (isObject(given.tool_calls)) {
    checks.calls = [];
    for (const [index, fields] of Object.entries(given.tool_calls)) {
      const check = isObject(fields) ? callCheck(Number(index), fields) : 'malformed tool_calls check';
      if (typeof check === 'string') return check;
      checks.calls.push(check);
    }
  }
  const expectsNone = checks.called === false || checks.count === 0;
  if (expectsNone && record.expected_content_asserted === true && typeof record.expected_content === 'string' && record.expected_content.trim() !== '') {
    checks.content = record.expected_content;
  }
  if (checks.called === undefined && checks.count === undefined && checks.atLeast === undefined && !checks.calls?.length) return 'partial record with nothing checkable';
  return { kind: 'checks', checks };
}

/** The expectation of one vLLM-schema record, or the reason it is skipped. */
export function vllmSchemaExpectation(record: Json): Expectation | string {
  const expect = expectationOf(record);
  // vLLM's harmony (`openai`) tests pass token ids, so the record has no text: no text parser can yield its call or answer.
  const expectsSomething = typeof expect !== 'string' && expect.kind !== 'no-call' && expect.kind !== 'reject';
  if (expectsSomething && String(record.input ?? '').trim() === '') return 'no model text (the test passed token ids)';
  return typeof expect === 'string' ? expect : withGuessMarked(expect, String(record.input ?? ''));
}

/**
 * Marks `refusable` where the record's expected reading is its parser's guess about the text, so a
 * refusal (a correction) is right too; any other accepted reading stays wrong:
 * - an expected call names a tool the text never spells (an alias table renamed it, or the test's
 *   text is not the text the call came from);
 * - the text is cut off inside a call that the record drops (it opens more calls with that call's
 *   token than the record expects: the parser kept the rest);
 * - the text opens more calls with one call token than the record's calls (or than the checks'
 *   count), or its first call does not name the record's first: the parser dropped a call it could
 *   not read;
 * - the expected answer is the text unchanged and the text opens with call markup: the parser met a
 *   call it could not read and, having no way to ask for a correction, returned the text.
 */
function withGuessMarked(expect: Expectation, text: string): Expectation {
  if (expect.kind !== 'calls' && expect.kind !== 'checks' && expect.kind !== 'answer') return expect;
  // XML-escaped attributes (`tool="a&amp;b"`) spell the name too.
  const decoded = text.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[entity] ?? '');
  const unwritten = expectedNames(expect).filter((name) => !text.includes(name) && !decoded.includes(name));
  if (unwritten.length > 0 && expect.kind !== 'answer') return { ...expect, refusable: `the parser named a tool the model did not write (\`${unwritten.join('`, `')}\`)` };
  const expectedCalls = expect.kind === 'calls' ? expect.calls.length : expect.kind === 'checks' ? (expect.checks.count ?? expect.checks.calls?.length ?? 0) : 0;
  if (cutCallOpenings(text) > expectedCalls && (expect.kind !== 'checks' || expect.checks.count !== undefined || expect.checks.called === false)) {
    return { ...expect, refusable: 'the output is cut off inside a call the parser dropped' };
  }
  // Checks without a count may list fewer calls than the parser read: they say nothing here.
  const listedCalls = expect.kind === 'calls' ? expect.calls.length : expect.kind === 'checks' ? (expect.checks.count ?? 0) : 0;
  const firstName = expectedNames(expect)[0];
  if (expect.kind !== 'answer' && ((listedCalls > 0 && callOpenings(text) > listedCalls) || (firstName !== undefined && firstCallSkipped(text, firstName)))) {
    return { ...expect, refusable: 'the text opens more calls than the parser read: it dropped one it could not read' };
  }
  if (expect.kind === 'answer' && expect.text.trim() === text.trim() && opensWithCallMarkup(text)) {
    return { ...expect, refusable: 'the text opens a call the parser could not read, returned unchanged' };
  }
  return expect;
}

function expectationOf(record: Json): Expectation | string {
  const given = isObject(record.expected_checks) ? record.expected_checks : {};
  if (typeof given.error === 'string') return { kind: 'reject' };
  if (record.expected_tool_calls_complete !== true) return partialExpectation(record, given);
  const list = record.expected_tool_calls ?? [];
  if (!Array.isArray(list)) return 'no expected calls';
  const calls = [];
  for (const call of list as Json[]) {
    const args = argumentsValue(call.arguments);
    if (!args || typeof call.name !== 'string') return 'arguments not an object';
    calls.push({ name: call.name, arguments: args });
  }
  if (calls.length > 0) return { kind: 'calls', calls };
  if (record.expected_content_asserted === true && record.expected_content === null) return 'neither a call nor content (the parser consumed the text and read nothing)';
  const content = typeof record.expected_content === 'string' ? record.expected_content.replace(/<think>[\s\S]*?<\/think>/g, '') : '';
  if (record.expected_content_asserted === true && content.trim() !== '') return { kind: 'answer', text: content };
  return { kind: 'no-call' };
}

/** Tool names a record expects (complete calls, or names its checks list). */
export function expectedNames(expect: Expectation): string[] {
  if (expect.kind === 'calls') return expect.calls.map((call) => call.name);
  if (expect.kind === 'checks') return (expect.checks.calls ?? []).flatMap((check) => (check.name === undefined ? [] : [check.name]));
  return [];
}

/** True when the record expects a call whose name it does not fix (`tools_called: true` only). */
export function expectsUnnamedCall(expect: Expectation): boolean {
  if (expect.kind !== 'checks') return false;
  const { checks } = expect;
  const some = checks.called === true || (checks.count ?? 0) > 0 || (checks.atLeast ?? 0) > 0 || (checks.calls?.length ?? 0) > 0;
  return some && expectedNames(expect).length === 0;
}

/** `tools_offered` of a record (sglang), if given. */
export function toolsOffered(record: Json): string[] | undefined {
  const given = isObject(record.expected_checks) ? record.expected_checks.tools_offered : undefined;
  return Array.isArray(given) ? given.filter((name): name is string => typeof name === 'string') : undefined;
}

/**
 * The input schemas a record gives for its tools (`expected_checks.parse_options.tools`, OpenAI
 * `{type: 'function', function: {name, parameters}}`; transformers), by tool name.
 */
export function toolSchemas(record: Json): Map<string, Record<string, unknown>> {
  const source = isObject(record.source) ? record.source : {};
  const schemas = new Map<string, Record<string, unknown>>(Object.entries(upstreamToolSchemas[String(source.path)] ?? {}));
  const checks = isObject(record.expected_checks) ? record.expected_checks : {};
  const options = isObject(checks.parse_options) ? checks.parse_options : {};
  for (const tool of Array.isArray(options.tools) ? options.tools : []) {
    const fn = isObject(tool) && isObject(tool.function) ? tool.function : undefined;
    if (fn && typeof fn.name === 'string' && isObject(fn.parameters)) schemas.set(fn.name, fn.parameters);
  }
  return schemas;
}
