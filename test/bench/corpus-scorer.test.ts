import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../bench/lib/corpus-cases.ts';
import { scoreParse, type Expectation } from '../../bench/lib/corpus-scorer.ts';
import type { Decision } from '../../src/decision.ts';
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

  it('turns tool-call records into calls or answers, with tools from the expected names, and skips partial ones', async () => {
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
});
