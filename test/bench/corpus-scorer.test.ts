import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../bench/lib/corpus-cases.ts';
import { emptyTally, scoreParse, type Expectation } from '../../bench/lib/corpus-scorer.ts';
import { summary } from '../../bench/lib/corpus-tables.ts';
import type { Decision } from '../../src/spec/decision.ts';
import { InvalidDecisionError } from '../../src/errors/invalid-decision-error.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';

const accepted = (...decisions: Decision[]): ParseResult => ({
  success: true,
  decision: decisions[0] as Decision,
  decisions,
  thoughts: [],
  repaired: false,
  dialect: 'json',
});
const rejected = (): ParseResult => ({
  success: false,
  error: new InvalidDecisionError('no decision found', { kind: 'no-decision', rawText: 'hello' }),
  raw: 'hello',
});
const call = (tool: string, args: Record<string, unknown>): Decision => ({ action: 'call_tool', tool, args, reason: '' });
const weatherCall = { name: 'get_weather', arguments: { city: 'Paris', days: 2 } };
const weather: Expectation = { kind: 'calls', calls: [weatherCall] };

describe('scoreParse', () => {
  it('accepts a call whose args are the same JSON value, whatever the key order', () => {
    expect(scoreParse(accepted(call('get_weather', { days: 2, city: 'Paris' })), weather)).toBe('accepted-correct');
  });

  it('flags a call with a differently typed argument as wrongly accepted', () => {
    expect(scoreParse(accepted(call('get_weather', { city: 'Paris', days: '2' })), weather)).toBe('wrongly-accepted');
  });

  it('flags the wrong tool, a missing parallel call and an answer instead of a call as wrongly accepted', () => {
    expect(scoreParse(accepted(call('get_forecast', { city: 'Paris', days: 2 })), weather)).toBe('wrongly-accepted');
    const two: Expectation = { kind: 'calls', calls: [weatherCall, { name: 'get_time', arguments: {} }] };
    expect(scoreParse(accepted(call('get_weather', { city: 'Paris', days: 2 })), two)).toBe('wrongly-accepted');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'It is sunny.' }), weather)).toBe('wrongly-accepted');
  });

  it('counts a failed parse as rejected when a decision was expected', () => {
    expect(scoreParse(rejected(), weather)).toBe('rejected');
    expect(scoreParse(rejected(), { kind: 'answer', text: 'hello' })).toBe('rejected');
  });

  it('counts a failed parse as right when the record expects a rejection, and any decision as wrong', () => {
    expect(scoreParse(rejected(), { kind: 'reject' })).toBe('rejected-correctly');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'x' }), { kind: 'reject' })).toBe('wrongly-accepted');
  });

  it('checks only what a partial record lists: count, names, exact or subset arguments', () => {
    const checks: Expectation = { kind: 'checks', checks: { count: 1, calls: [{ index: 0, name: 'get_weather', subset: { city: 'Paris' } }] } };
    expect(scoreParse(accepted(call('get_weather', { city: 'Paris', days: 2 })), checks)).toBe('accepted-correct');
    expect(scoreParse(accepted(call('get_weather', { city: 'Rome' })), checks)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('get_weather', { city: 'Paris' }), call('get_time', {})), checks)).toBe('wrongly-accepted');
    const exact: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, arguments: { city: 'Paris' } }] } };
    expect(scoreParse(accepted(call('any', { city: 'Paris', days: 2 })), exact)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('any', { city: 'Paris' })), exact)).toBe('accepted-correct');
    expect(scoreParse(rejected(), exact)).toBe('rejected');
  });

  it('compares a subset check key by key at every depth, as the record checked nested keys', () => {
    const nested: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, subset: { id: 'p', content: { short: true } } }] } };
    expect(scoreParse(accepted(call('m', { id: 'p', content: { short: true, long: false } })), nested)).toBe('accepted-correct');
    expect(scoreParse(accepted(call('m', { id: 'p', content: { short: false, long: false } })), nested)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('m', { id: 'p', content: 'short' })), nested)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('m', { id: 'p', content: [{ short: true }] })), nested)).toBe('wrongly-accepted');
    const list: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, subset: { tags: ['a'] } }] } };
    expect(scoreParse(accepted(call('m', { tags: ['a', 'b'] })), list)).toBe('wrongly-accepted');
  });

  it('counts a refusal as right where a record expects no call, and a call as wrong', () => {
    expect(scoreParse(rejected(), { kind: 'no-call' })).toBe('rejected-correctly');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'any text' }), { kind: 'no-call' })).toBe('accepted-correct');
    expect(scoreParse(accepted(call('f', {})), { kind: 'no-call' })).toBe('wrongly-accepted');
    expect(scoreParse(rejected(), { kind: 'checks', checks: { called: false } })).toBe('rejected-correctly');
    expect(scoreParse(rejected(), { kind: 'checks', checks: { called: false, content: 'Hi' } })).toBe('rejected');
  });

  it('counts a refused plain-text answer as n/a where plain text is not an answer; a refused call stays refused', () => {
    const strict = { plainTextAnswer: false };
    const answer: Expectation = { kind: 'answer', text: 'Hi' };
    expect(scoreParse(rejected(), answer, strict)).toBe('not-applicable');
    expect(scoreParse(rejected(), { kind: 'checks', checks: { called: false, content: 'Hi' } }, strict)).toBe('not-applicable');
    expect(scoreParse(rejected(), answer)).toBe('rejected');
    expect(scoreParse(rejected(), weather, strict)).toBe('rejected');
    expect(scoreParse(accepted(call('greet', {})), answer, strict)).toBe('wrongly-accepted');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'Hi' }), answer, strict)).toBe('accepted-correct');
  });

  it('counts prose a ReAct parser refuses as n/a when read as that prose where plain text is the answer', () => {
    const prose: Expectation = { kind: 'reject', plainText: 'I can use the foo tool.' };
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'I can use the foo tool.' }), prose)).toBe('not-applicable');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'I can use the' }), prose)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('foo', {})), prose)).toBe('wrongly-accepted');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'I can use the foo tool.' }), prose, { plainTextAnswer: false })).toBe('wrongly-accepted');
    expect(scoreParse(rejected(), prose)).toBe('rejected-correctly');
  });

  it('counts a call as n/a only where it differs from the expectation at values the record\'s own schema rejects', () => {
    const tools = [{ name: 'set', inputSchema: { type: 'object', properties: { label: { type: 'string' }, hour: { type: 'integer' } } } }];
    const expectation: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, arguments: { label: 1.5, hour: 7 } }] } };
    expect(scoreParse(accepted(call('set', { label: '1.50', hour: 7 })), expectation, { tools })).toBe('not-applicable');
    expect(scoreParse(accepted(call('set', { label: '1.50', hour: 8 })), expectation, { tools })).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('set', { label: '1.50' })), expectation, { tools })).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('other', { label: '1.50', hour: 7 })), expectation, { tools })).toBe('wrongly-accepted');
    const valid: Expectation = { kind: 'calls', calls: [{ name: 'set', arguments: { label: 'x', hour: 7 } }] };
    expect(scoreParse(accepted(call('set', { label: 'y', hour: 7 })), valid, { tools })).toBe('wrongly-accepted');
  });

  it('counts as n/a the same text typed otherwise at a property the offered tool does not declare (the record has no schema)', () => {
    const tools = [{ name: 'q', inputSchema: { type: 'object' } }];
    const exact = (args: Record<string, unknown>): Expectation => ({ kind: 'calls', calls: [{ name: 'q', arguments: args }] });
    const input = "<f=q><p=flag>True</p><p=mode>null</p><p=obj>{'k': 'v'}</p></f>";
    expect(scoreParse(accepted(call('q', { flag: 'True', mode: null, obj: "{'k': 'v'}" })), exact({ flag: true, mode: 'null', obj: { k: 'v' } }), { tools, input })).toBe('not-applicable');
    expect(scoreParse(accepted(call('q', { flag: 'yes' })), exact({ flag: true }), { tools, input })).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('q', { flag: 'True', extra: 1 })), exact({ flag: true }), { tools, input })).toBe('wrongly-accepted');
    const declared = [{ name: 'q', inputSchema: { type: 'object', properties: { flag: { type: 'boolean' } } } }];
    expect(scoreParse(accepted(call('q', { flag: 'True' })), exact({ flag: true }), { tools: declared, input })).toBe('wrongly-accepted');
    // Written as a JSON string, it is a string: reading it as a number is a misread.
    expect(scoreParse(accepted(call('q', { n: 1 })), exact({ n: '1' }), { tools, input: '{"n": "1"}' })).toBe('wrongly-accepted');
  });

  it('counts as n/a a call that differs only by arguments the record\'s tool schema does not declare (its parser dropped them)', () => {
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
    const expectation: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, arguments: { city: 'Oslo' } }] } };
    expect(scoreParse(accepted(call('get_weather', { city: 'Oslo', unknown: 'x' })), expectation, { tools })).toBe('not-applicable');
    expect(scoreParse(accepted(call('get_weather', { city: 'Bergen', unknown: 'x' })), expectation, { tools })).toBe('wrongly-accepted');
    // Without the record's schema nothing says the key is undeclared: still a misread.
    expect(scoreParse(accepted(call('get_weather', { city: 'Oslo', unknown: 'x' })), expectation, { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] })).toBe('wrongly-accepted');
    const closed = [{ name: 'get_weather', inputSchema: { ...tools[0]!.inputSchema, additionalProperties: false } }];
    expect(scoreParse(accepted(call('get_weather', { city: 'Oslo', unknown: 'x' })), expectation, { tools: closed })).toBe('wrongly-accepted');
  });

  it('lets a refusal be right for an answer or checks marked refusable, and still judges what is accepted', () => {
    const answer: Expectation = { kind: 'answer', text: '<tool_call>oops', refusable: 'cut off' };
    expect(scoreParse(rejected(), answer)).toBe('rejected-correctly');
    expect(scoreParse(accepted({ action: 'answer_user', answer: '<tool_call>oops' }), answer)).toBe('accepted-correct');
    expect(scoreParse(accepted(call('oops', {})), answer)).toBe('wrongly-accepted');
    const checks: Expectation = { kind: 'checks', checks: { calls: [{ index: 0, name: 'renamed' }] }, refusable: 'renamed' };
    expect(scoreParse(rejected(), checks)).toBe('rejected-correctly');
    expect(scoreParse(accepted(call('other', {})), checks)).toBe('wrongly-accepted');
  });

  it('counts as n/a a Hermes call cut off after its complete values, read as exactly those values (repaired by design)', () => {
    const input = '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}';
    const none: Expectation = { kind: 'no-call' };
    expect(scoreParse(accepted(call('final_answer', { trigger: true })), none, { input })).toBe('not-applicable');
    expect(scoreParse(accepted(call('final_answer', { trigger: false })), none, { input })).toBe('wrongly-accepted');
    // Cut inside a string: where the value ends is a guess.
    expect(scoreParse(accepted(call('f', { a: 'x' })), none, { input: '<tool_call>{"name": "f", "arguments": {"a": "x' })).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('f', {})), none, { input: '<tool_call>{"name": "f", "arguments": {}}</tool_call>' })).toBe('wrongly-accepted');
  });

  it('gives the share of the applicable records and, beside it, the share counting n/a as failures', () => {
    const tally = { ...emptyTally(), 'accepted-correct': 3, rejected: 1, 'not-applicable': 4 };
    expect(summary(tally)).toBe(
      "75.0% right · 25.0% refused · 0.0% wrongly accepted (n=4 of 8; 4 n/a: the record's rule does not apply to this protocol, 37.5% right counting them as failures)",
    );
    expect(summary({ ...tally, 'not-applicable': 0 })).toBe('75.0% right · 25.0% refused · 0.0% wrongly accepted (n=4)');
  });

  it('compares answers ignoring whitespace only', () => {
    const answer: Expectation = { kind: 'answer', text: 'Hello,\n  world!' };
    expect(scoreParse(accepted({ action: 'answer_user', answer: ' Hello, world! ' }), answer)).toBe('accepted-correct');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'Hello world' }), answer)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('greet', {})), answer)).toBe('wrongly-accepted');
  });
});

describe('loadCorpus', () => {
  let directory = '';
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  async function corpus(files: Record<string, unknown[]>) {
    directory = await mkdtemp(join(tmpdir(), 'reins-corpus-'));
    const all = { 'llamacpp-toolcalls.json': [], 'vllm-toolcalls.json': [], 'react-xml.json': [], 'broken-json.json': [], ...files };
    for (const [file, records] of Object.entries(all)) await writeFile(join(directory, file), JSON.stringify(records));
    return loadCorpus(directory)!;
  }

  it('is undefined when the corpus directory is absent', () => {
    expect(loadCorpus(join(tmpdir(), 'reins-no-such-corpus'))).toBeUndefined();
  });

  it('turns llama.cpp records into calls or answers, with tools from the expected names, and skips streaming prefixes', async () => {
    const [llama] = await corpus({
      'llamacpp-toolcalls.json': [
        { input: '<tool_call>{"name":"f","arguments":{"a":1}}</tool_call>', expected_tool_calls: [{ name: 'f', arguments: { a: 1 } }], expected_content: '', is_partial: false },
        { input: '<think>hm</think>Hi there', expected_tool_calls: [], expected_content: '<think>hm</think>Hi there', is_partial: false },
        { input: '<tool_call>{"name":"f"', expected_tool_calls: [], expected_content: '', is_partial: true },
      ],
    });
    expect(llama?.cases.map((item) => item.expect)).toEqual([
      { kind: 'calls', calls: [{ name: 'f', arguments: { a: 1 } }] },
      { kind: 'answer', text: 'Hi there' },
    ]);
    expect(llama?.cases[1]?.tools.map((tool) => tool.name)).toEqual(['f']);
    expect(llama?.skipped).toEqual({ 'streaming prefix (is_partial)': 1 });
  });

  it('compares a llama.cpp answer in the reasoning mode reins reads: the same text with reasoning extracted', async () => {
    const text = '<|START_THINKING|>hm<|END_THINKING|><|START_RESPONSE|>Hi there<|END_RESPONSE|>';
    const none = { reasoning_format: 'none' };
    const [llama] = await corpus({
      'llamacpp-toolcalls.json': [
        { llama_cpp_format: 'R7B', input: text, expected_tool_calls: [], expected_content: '<|START_THINKING|>hm<|END_THINKING|>Hi there', expected_reasoning: '', parse_options: none },
        { llama_cpp_format: 'R7B', input: text, expected_tool_calls: [], expected_content: 'Hi there', expected_reasoning: 'hm', parse_options: { reasoning_format: 'deepseek' } },
        { llama_cpp_format: 'X', input: '[THINK]hm[/THINK]Hi', expected_tool_calls: [], expected_content: '[THINK]hm[/THINK]Hi', expected_reasoning: '', parse_options: none },
        { llama_cpp_format: 'X', input: 'hm</think>Hi', expected_tool_calls: [], expected_content: 'hm</think>Hi', expected_reasoning: '', parse_options: { reasoning_format: 'none', thinking_forced_open: true } },
        { llama_cpp_format: 'X', input: 'hm</think>Hi', expected_tool_calls: [], expected_content: 'hm</think>Hi', expected_reasoning: '', parse_options: none },
        { llama_cpp_format: 'X', input: 'Hi <think>hm</think> you', expected_tool_calls: [], expected_content: 'Hi <think>hm</think> you', expected_reasoning: '', parse_options: none },
      ],
    });
    expect(llama?.cases.map((item) => item.expect)).toEqual([
      { kind: 'answer', text: 'Hi there' },
      { kind: 'answer', text: 'Hi there' },
      { kind: 'answer', text: 'Hi' },
      { kind: 'answer', text: 'Hi' },
      { kind: 'answer', text: 'hm</think>Hi' },
      { kind: 'answer', text: 'Hi <think>hm</think> you' },
    ]);
  });

  it('expects only what the model wrote of a llama.cpp answer, not the text its generation prompt prefilled', async () => {
    const [llama] = await corpus({
      'llamacpp-toolcalls.json': [
        { input: 'world!', expected_tool_calls: [], expected_content: 'Hello, world!', expected_reasoning: '', parse_options: { generation_prompt: '<|im_start|>assistant\nHello, ' } },
        { input: 'world!', expected_tool_calls: [], expected_content: 'Hello, world!', expected_reasoning: 'hm', parse_options: { generation_prompt: '<think>hm</think>Hello, ' } },
        { input: 'the end', expected_tool_calls: [], expected_content: 'the end', expected_reasoning: '', parse_options: { generation_prompt: '<|start|>assistant' } },
      ],
    });
    expect(llama?.cases.map((item) => item.expect)).toEqual([
      { kind: 'answer', text: 'world!' },
      { kind: 'answer', text: 'world!' },
      { kind: 'answer', text: 'the end' },
    ]);
  });

  it('scores vLLM-schema files by the README rules: complete records, partial checks, errors, tools offered', async () => {
    const files = await corpus({
      'vllm-toolcalls.json': [
        { format: 'hermes', input: 'x f', expected_tool_calls: [{ name: 'f', arguments: '{"a":1}' }], expected_tool_calls_complete: true, expected_checks: {} },
        { format: 'hermes', input: 'y g', expected_tool_calls: null, expected_tool_calls_complete: false, expected_checks: { tools_called: true, tool_calls: { '0': { 'function.name': 'g', 'function.arguments(json, subset)': { b: 2 } } } } },
        { format: 'hermes', input: 'z', expected_tool_calls: null, expected_tool_calls_complete: false, expected_checks: { note: 'must not raise' } },
      ],
      'sglang-toolcalls.json': [
        { format: 'glm45', input: '<tool_call>nope</tool_call>', expected_tool_calls: [], expected_tool_calls_complete: true, expected_content: null, expected_content_asserted: false, expected_checks: { tools_offered: ['get_weather'] } },
      ],
      'mistral-common-toolcalls.json': [
        { format: 'mistral v2', input: '[TOOL_CALLS]{"name": "ab"}]', expected_tool_calls: null, expected_tool_calls_complete: false, expected_checks: { error: 'InvalidToolCallError' } },
      ],
    });
    const byFile = Object.fromEntries(files.map((file) => [file.file, file]));
    expect(byFile['vllm-toolcalls.json']?.cases.map((item) => [item.label, item.expect])).toEqual([
      ['hermes', { kind: 'calls', calls: [{ name: 'f', arguments: { a: 1 } }] }],
      ['hermes', { kind: 'checks', checks: { called: true, calls: [{ index: 0, name: 'g', subset: { b: 2 } }] } }],
    ]);
    expect(byFile['vllm-toolcalls.json']?.skipped).toEqual({ 'partial record with nothing checkable': 1 });
    expect(byFile['sglang-toolcalls.json']?.cases.map((item) => [item.expect, item.tools.map((tool) => tool.name)])).toEqual([[{ kind: 'no-call' }, ['get_weather']]]);
    expect(byFile['mistral-common-toolcalls.json']?.cases.map((item) => item.expect)).toEqual([{ kind: 'reject' }]);
  });

  it('lets a refusal be right where the text opens more calls than the record read, or a first call it dropped; a complete reading stays required otherwise', async () => {
    const bad = '<tool_call>\n<function=bad_no_gt\n</function>\n</tool_call>\n';
    const good = '<tool_call>\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n</tool_call>';
    const files = await corpus({
      'vllm-toolcalls.json': [
        { format: 'qwen3_coder', input: bad + good, expected_tool_calls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }], expected_tool_calls_complete: true, expected_checks: {} },
        { format: 'qwen3_coder', input: bad + good, expected_tool_calls: null, expected_tool_calls_complete: false, expected_checks: { tools_called: true, tool_calls: { '0': { 'function.name': 'get_weather' } } } },
        { format: 'qwen3_coder', input: `${good}\n${good}`, expected_tool_calls: null, expected_tool_calls_complete: false, expected_checks: { tools_called: true, tool_calls: { '0': { 'function.name': 'get_weather' } } } },
        { format: 'qwen3_coder', input: good, expected_tool_calls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }], expected_tool_calls_complete: true, expected_checks: {} },
      ],
      'sglang-toolcalls.json': [
        { format: 'inkling', input: '<|message_model|>w<|content_invoke_tool_json|>junk<|content_invoke_tool_json|>{"name":"w","args":{}}<|end_message|>', expected_tool_calls: [{ name: 'w', arguments: '{}' }], expected_tool_calls_complete: true, expected_checks: {} },
      ],
    });
    const vllm = files.find((file) => file.file === 'vllm-toolcalls.json')?.cases ?? [];
    const sglang = files.find((file) => file.file === 'sglang-toolcalls.json')?.cases ?? [];
    // Two openings, one call read; the first call opened names another tool; a special token opens a call wherever it stands.
    for (const item of [vllm[0], vllm[1], sglang[0]]) expect(scoreParse(rejected(), item!.expect)).toBe('rejected-correctly');
    // Partial checks without a count may list fewer calls than were read; one call opened, one read.
    for (const item of [vllm[2], vllm[3]]) expect(scoreParse(rejected(), item!.expect)).toBe('rejected');
    expect(scoreParse(accepted(call('get_weather', { city: 'Paris' })), vllm[0]!.expect)).toBe('wrongly-accepted');
  });

  it('marks a ReAct error record as plain prose only when it holds no agent markup', async () => {
    const files = await corpus({
      'react-xml.json': [
        { id: 'a', format: 'react', input: 'I can use the `foo` tool.', expected: { type: 'error' } },
        { id: 'b', format: 'react', input: 'I can use it.\n  Action: foo', expected: { type: 'error' } },
        { id: 'c', format: 'xml-agent', input: '<tool_input>x</tool_input>', expected: { type: 'error' } },
      ],
    });
    const react = files.find((file) => file.file === 'react-xml.json');
    expect(react?.cases.map((item) => item.expect)).toEqual([{ kind: 'reject', plainText: 'I can use the `foo` tool.' }, { kind: 'reject' }, { kind: 'reject' }]);
  });

  it('lets a refusal be right where a ReAct record holds a final answer and then an action (the parser chose one)', async () => {
    const files = await corpus({
      'react-xml.json': [
        { id: 'both', format: 'react', input: 'Final Answer: pizza\n\n  Action: foo\n  Action Input: bar', expected: { type: 'final_answer', output: 'pizza' } },
        { id: 'only', format: 'react', input: 'Thought: done\nFinal Answer: pizza', expected: { type: 'final_answer', output: 'pizza' } },
      ],
    });
    const [both, only] = files.find((file) => file.file === 'react-xml.json')?.cases ?? [];
    expect(scoreParse(rejected(), both!.expect)).toBe('rejected-correctly');
    expect(scoreParse(accepted({ action: 'answer_user', answer: 'pizza' }), both!.expect)).toBe('accepted-correct');
    expect(scoreParse(accepted(call('foo', {})), both!.expect)).toBe('wrongly-accepted');
    expect(scoreParse(rejected(), only!.expect)).toBe('rejected');
  });

  it('skips vLLM-schema records with no model text that expect a call or an answer (the test passed token ids)', async () => {
    const files = await corpus({
      'vllm-toolcalls.json': [
        { format: 'openai', input: '', expected_tool_calls: [{ name: 'f', arguments: '{}' }], expected_tool_calls_complete: true, expected_checks: {} },
        { format: 'openai', input: '', expected_tool_calls: [], expected_tool_calls_complete: true, expected_content: 'Hi', expected_content_asserted: true, expected_checks: {} },
        { format: 'openai', input: '', expected_tool_calls: [], expected_tool_calls_complete: true, expected_content: null, expected_content_asserted: false, expected_checks: {} },
      ],
    });
    const vllm = files.find((file) => file.file === 'vllm-toolcalls.json');
    expect(vllm?.cases.map((item) => item.expect)).toEqual([{ kind: 'no-call' }]);
    expect(vllm?.skipped).toEqual({ 'no model text (the test passed token ids)': 2 });
  });

  it('expects broken JSON to repair into the expected value, or a rejection when unrecoverable', async () => {
    const files = await corpus({
      'broken-json.json': [
        { input: "{'a': 1,}", expected: '{"a": 1}', expected_kind: 'json_text', unrecoverable: false },
        { input: '{"a": ', expected: 'unrecoverable', expected_kind: 'unrecoverable', unrecoverable: true },
        { input: '[1, 2', expected: [1, 2], expected_kind: 'value', unrecoverable: false },
      ],
    });
    const broken = files.find((file) => file.file === 'broken-json.json');
    expect(broken?.cases.map((item) => [item.argumentsText, item.expect])).toEqual([
      ["{'a': 1,}", { kind: 'calls', calls: [{ name: 'probe', arguments: { a: 1 } }] }],
      ['{"a": ', { kind: 'reject' }],
    ]);
    expect(broken?.skipped).toEqual({ 'expected value is not an object': 1 });
  });

  it('scores llama.cpp partial JSON as arguments: complete JSON as written, cut JSON as its healed value or a refusal, dumped text skipped', async () => {
    const files = await corpus({
      'llamacpp-partial-json.json': [
        { input: '{"name": "python"}', expected_is_partial: false, args_paths: [], expected: '{"name":"python"}' },
        { input: '{"name":"python', expected_is_partial: true, args_paths: [['arguments']], expected: '{}' },
        { input: '{"name":"python', expected_is_partial: true, args_paths: [[]], expected: '{"name":"python' },
        { input: '{"foo": "bar", "args": [1,', expected_is_partial: true, args_paths: [['args']], expected: '{"foo":"bar","args":"[1,"}' },
      ],
    });
    const partial = files.find((file) => file.file === 'llamacpp-partial-json.json');
    expect(partial?.cases.map((item) => [item.argumentsText, item.text, item.expect])).toEqual([
      ['{"name": "python"}', '', { kind: 'calls', calls: [{ name: 'probe', arguments: { name: 'python' } }] }],
      ['{"name":"python', '', { kind: 'calls', calls: [{ name: 'probe', arguments: {} }], refusable: 'the JSON is cut off: where its last value ends is a guess' }],
    ]);
    expect(partial?.skipped).toEqual({ 'arguments dumped as text so far (a streaming display, not a value)': 2 });
  });

  it('lets a refusal of broken JSON count as right only where a second library reads another object, not a list of fragments', async () => {
    const files = await corpus({
      'broken-json.json': [
        { library: 'json_repair', input: 'Here is your JSON:\n{"a": 1}', expected: { a: 1 }, expected_kind: 'value', unrecoverable: false },
        { library: 'json_repair', input: '{"a": TRUE}', expected: { a: true }, expected_kind: 'value', unrecoverable: false },
      ],
    });
    const broken = files.find((file) => file.file === 'broken-json.json');
    expect(broken?.cases.map((item) => item.expect)).toEqual([
      { kind: 'calls', calls: [{ name: 'probe', arguments: { a: 1 } }] },
      { kind: 'calls', calls: [{ name: 'probe', arguments: { a: true } }], refusable: 'jsonrepair reads {"a":"TRUE"}' },
    ]);
  });

  it.each([
    ['an empty string for a missing value', '{"a": 1, "b": }', { a: 1, b: '' }, /filled a missing value/],
    ['words dropped between keys', '{"a": true, NOTE "b": "data"}', { a: true, b: 'data' }, /dropped text/],
    ['a literal dropped after a value', '{"b": "xxxxx" true}', { b: 'xxxxx' }, /dropped text/],
    ['lists joined', '{"k": ["a"], ["b"], "c": 1}', { k: ['a', 'b'], c: 1 }, /brackets/],
    ['an empty list dropped', '[]{"k": "v"}', { k: 'v' }, /bracket/],
    ['an object closed early', '{"k": "v"}, "k2": "w"}', { k: 'v', k2: 'w' }, /closes the value early/],
    ['a fraction read as text', '{"k": 1/3}', { k: '1/3' }, /unquoted text/],
    ['an unquoted value holding braces', '{text:a{b c}}', { text: 'a{b c}' }, /unquoted text/],
    ['a backslash dropped from an invalid escape', '{"t": "a \\q b", "y": 1}', { t: 'a q b', y: 1 }, /invalid escape/],
    ['a raw line break dropped before a closing quote', '{"a": "x y\n", "b": 1}', { a: 'x y', b: 1 }, /line break/],
  ])('lets a refusal be right where the library guessed: %s', async (_, input, expected, reason) => {
    const files = await corpus({ 'broken-json.json': [{ id: 'r', library: 'json_repair (Python)', input, expected, expected_kind: 'value', unrecoverable: false }] });
    const [item] = files.find((file) => file.file === 'broken-json.json')?.cases ?? [];
    expect(item?.expect).toMatchObject({ kind: 'calls', refusable: expect.stringMatching(reason) });
  });

  it.each([
    ['a comment dropped', '{"a": 1, // note\n "b": 2}', { a: 1, b: 2 }],
    ['prose before the object', 'Here is the JSON: {"a": [1, 2]', { a: [1, 2] }],
    ['a number written with a fraction part', '{"a": 1.0, "b": 1e5, "c": "x\\ny"}', { a: 1, b: 100000, c: 'x\ny' }],
    ['a quoted text holding a slash', "{'a': '1/3'}", { a: '1/3' }],
  ])('keeps a refusal a refusal where the library read what was written: %s', async (_, input, expected) => {
    const files = await corpus({ 'broken-json.json': [{ id: 'r', library: 'json_repair (Python)', input, expected, expected_kind: 'value', unrecoverable: false }] });
    const [item] = files.find((file) => file.file === 'broken-json.json')?.cases ?? [];
    expect(item?.expect).toEqual({ kind: 'calls', calls: [{ name: 'probe', arguments: expected }] });
  });

  it('lets a refusal be right where the expected repair is a guess, and still counts another accepted value as a misread', async () => {
    const files = await corpus({
      'broken-json.json': [
        // json_repair reads a missing value as "", jsonrepair as null: the damage reads two ways.
        { id: 'guess', library: 'json_repair (Python)', input: '{"a": 1, "b": }', expected: { a: 1, b: '' }, expected_kind: 'value', unrecoverable: false },
        // Both libraries agree on a dropped trailing comma: a refusal there is a plain refusal.
        { id: 'agree', library: 'json_repair (Python)', input: '{"a": 1,}', expected: { a: 1 }, expected_kind: 'value', unrecoverable: false },
        { id: 'strict', library: 'json_repair (Python)', input: '{"a" 1}', expected: 'unrecoverable', expected_kind: 'unrecoverable', unrecoverable: true, options: { strict: true } },
        { id: 'valid', library: 'crewai', input: '{"a!": 1}', expected: 'unrecoverable', expected_kind: 'unrecoverable', unrecoverable: true },
        { id: 'schema', library: 'json_repair (Python)', input: '{"n": "1"}', expected: { n: 1 }, expected_kind: 'value', unrecoverable: false, options: { schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
      ],
    });
    const broken = files.find((file) => file.file === 'broken-json.json');
    const byId = Object.fromEntries((broken?.cases ?? []).map((item) => [item.id, item]));
    expect(Object.keys(byId)).toEqual(['guess', 'agree', 'schema']);
    expect(broken?.skipped).toEqual({ 'strict mode (refuses any repair)': 1, 'strict JSON the library refuses by its own rule': 1 });
    expect(scoreParse(rejected(), byId.guess!.expect)).toBe('rejected-correctly');
    expect(scoreParse(accepted(call('probe', { a: 1, b: null })), byId.guess!.expect)).toBe('wrongly-accepted');
    expect(scoreParse(accepted(call('probe', { a: 1, b: '' })), byId.guess!.expect)).toBe('accepted-correct');
    expect(scoreParse(rejected(), byId.agree!.expect)).toBe('rejected');
    expect(byId.schema!.tools[0]?.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(scoreParse(rejected(), byId.schema!.expect)).toBe('rejected-correctly');
  });

  it('marks vLLM-schema expectations that rest on a guess or on a schema the record lacks', async () => {
    const record = (id: string, input: string, rest: Record<string, unknown>) => ({ id, format: 'f', input, expected_tool_calls_complete: true, expected_content: null, expected_content_asserted: false, expected_checks: {}, ...rest });
    const files = await corpus({
      'vllm-toolcalls.json': [
        // The parser renamed the tool (an alias table): the model never wrote `toggle_roaming`.
        record('alias', '<function name="enable_roaming"></function>', { expected_tool_calls: [{ name: 'toggle_roaming', arguments: '{}' }] }),
        record('named', '<function name="toggle_roaming"></function>', { expected_tool_calls: [{ name: 'toggle_roaming', arguments: '{}' }] }),
        record('escaped', '<|open|>call tool="a&amp;b"<|sep|>', { expected_tool_calls: [{ name: 'a&b', arguments: '{}' }] }),
        // Neither a call nor content: the parser swallowed the text.
        record('swallowed', '<tool_calls>\n{\n"name": "f"}\n</tool_calls>', { expected_tool_calls: [], expected_content_asserted: true }),
        // The text as the answer, where it opens with call markup the parser could not read.
        record('malformed', '<tool_call>not json</tool_call>', { expected_tool_calls: [], expected_content: '<tool_call>not json</tool_call>', expected_content_asserted: true }),
        record('prose', 'Use <tool_call> tags.', { expected_tool_calls: [], expected_content: 'Use <tool_call> tags.', expected_content_asserted: true }),
        // Cut off inside a call the parser dropped.
        record('cut', '<tool_call>f\n<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>\n<tool_call>g\n<arg_key>q', { expected_tool_calls: [{ name: 'f', arguments: '{"a": 1}' }] }),
        // The upstream test's schema for a MiniCPM tool.
        { ...record('schema', '<function name="get_weather"><param name="City">x</param></function>', { expected_tool_calls: [], expected_checks: { tools_offered: ['get_weather'] } }), source: { path: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py' } },
      ],
    });
    const vllm = files.find((file) => file.file === 'vllm-toolcalls.json');
    const byId = Object.fromEntries((vllm?.cases ?? []).map((item) => [item.id, item]));
    expect(vllm?.skipped).toEqual({ 'neither a call nor content (the parser consumed the text and read nothing)': 1 });
    expect(byId.alias?.expect).toMatchObject({ kind: 'calls', refusable: expect.stringContaining('toggle_roaming') });
    expect(byId.named?.expect).not.toHaveProperty('refusable');
    expect(byId.escaped?.expect).not.toHaveProperty('refusable');
    expect(byId.malformed?.expect).toMatchObject({ kind: 'answer', refusable: expect.any(String) });
    expect(byId.prose?.expect).toEqual({ kind: 'answer', text: 'Use <tool_call> tags.' });
    expect(byId.cut?.expect).toMatchObject({ kind: 'calls', refusable: expect.stringContaining('cut off') });
    expect(byId.schema?.tools.find((tool) => tool.name === 'get_weather')?.inputSchema).toMatchObject({ required: ['city'] });
  });
});
