/**
 * Readers declare the characters they need (`DialectReader.needs`) and the parse skips a reader whose
 * characters the text lacks (`drift-readers.ts`). No silent misread may come of it:
 * - each reader, and the call-attempt check, reads nothing on a text without its characters (the
 *   corpus and dialect samples with those characters removed, and random text built from every
 *   dialect's markup without them);
 * - every codec parses the same with skipping on and off (same decisions or the same error), on the
 *   corpus, the samples and random text with random subsets of the needed characters removed.
 * The corpus (`../shared/corpus`, beside the repo) is used where present.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../bench/lib/corpus-cases.ts';
import type { ParseResult, ProtocolName } from '../../src/protocols/codec.ts';
import { callAttemptNeeds, findCallAttempt } from '../../src/protocols/dialects/find-call-attempt.ts';
import { driftReaders, readerSkipping } from '../../src/protocols/dialects/drift-readers.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { markupFragments } from './dialect-round-trip.ts';

const open = { type: 'object' } as const;
const sampleTools: ToolSpec[] = ['lookup', 'read_file', 'get_weather', 'python', 'search'].map((name) => ({ name, inputSchema: open }));

/** One text per dialect (and a few answers), as each family writes it. */
const samples: readonly string[] = [
  'done',
  'The answer is 42.',
  '{"action": "call_tool", "tool": "lookup", "args": {"key": "a"}, "reason": "need it"}',
  '{"status": "REQUIRES_ACTION", "thoughts": [], "actions": [{"type": "tool", "action": "lookup", "params": {"key": "a"}}], "final_response": ""}',
  'plan\n<tool_code><name>lookup</name><parameters>{"key": "a"}</parameters></tool_code>',
  '<final_answer>42</final_answer>',
  'FUNCTION_CALL: lookup|a',
  'FINAL_ANSWER: 42',
  '<tool_call>\n<function=lookup>\n<parameter=key>\na\n</parameter>\n</function>\n</tool_call>',
  '<tool_call>\n{"name": "lookup", "arguments": {"key": "a"}}\n</tool_call>',
  '[TOOL_CALLS] [{"name": "lookup", "arguments": {"key": "a"}}]',
  '[TOOL_CALLS]lookup[ARGS]{"key": "a"}',
  '<start_function_call>call:lookup{key:<escape>a<escape>}<end_function_call>',
  '<|tool_call>call:lookup{key:<|"|>a<|"|>}<tool_call|>',
  '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>lookup\n```json\n{"key": "a"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  '<|tool_call_begin|>lookup<|tool_sep|>{"key": "a"}<|tool_call_end|>',
  'Thought: I need it\nAction: lookup\nAction Input: {"key": "a"}',
  'Thought: done\nFinal Answer: 42',
  '```json\n{"action": "lookup", "action_input": {"key": "a"}}\n```',
  '<tool>lookup</tool><tool_input>a</tool_input>',
  '<|python_tag|>{"name": "lookup", "parameters": {"key": "a"}}',
  '{"type": "function", "function": {"name": "lookup", "arguments": "{\\"key\\": \\"a\\"}"}}',
  '<|tool_call|>[{"name": "lookup", "arguments": {"key": "a"}}]',
  '{"tool_call": {"name": "lookup", "arguments": {"key": "a"}}}',
  '{"response": "42"}',
  '<|tool_call_begin|>functions.lookup:0<|tool_call_argument_begin|>{"key": "a"}<|tool_call_end|>',
  '<|start|>assistant to=functions.lookup<|channel|>commentary json<|message|>{"key": "a"}',
  '>>>lookup\n{"key": "a"}',
  'lookup\n{"key": "a"}',
  'python\nprint(1)',
  'all\nthe answer',
  'to=search<|message|><atem:function_calls><atem:invoke name="ns.search"><atem:parameter name="q">a</atem:parameter></atem:invoke></atem:function_calls>',
  '<|open|>tools<|sep|><|open|>call tool="lookup" index="1"<|sep|><|open|>argument key="key" type="string"<|sep|>a<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
  '<|message_model|>search<|content_invoke_tool_text|>cats<|end_message|>',
  '<invoke name="lookup"><parameter name="key">a</parameter></invoke>',
  '<tool_call>lookup<arg_key>key</arg_key><arg_value>a</arg_value></tool_call>',
  '<read_file><path>src/a.ts</path></read_file>',
  '[lookup(key="a")]',
  '<|tool_call_start|>[lookup(key="a")]<|tool_call_end|>',
  'Use `<tool_call>` like this: {"name": "lookup", "arguments": {}}',
  'I would call lookup(key="a") here: ["lookup"("a")]',
];

const corpus = loadCorpus();
const corpusTexts: Array<{ text: string; tools: ToolSpec[]; maxActions: number }> = (corpus ?? []).flatMap((file) =>
  file.cases.filter((item) => item.argumentsText === undefined).map((item) => ({ text: item.text, tools: item.tools, maxActions: item.maxActions })),
);
const texts = [...samples.map((text) => ({ text, tools: sampleTools, maxActions: 2 })), ...corpusTexts];

/** Markup of every dialect, for random text. */
const fragments: readonly string[] = [
  ...markupFragments,
  ...samples.flatMap((sample) => sample.split(/(?<=[>:\]\n])/)),
  'Thought:', 'Action:', 'Action Input:', 'Final Answer:', 'Answer:', 'FUNCTION_CALL:', 'ASK_USER:', 'FINAL_ANSWER:', '```', '`', '(', ')', '=',
  '"name": "lookup"', '"arguments": {', 'lookup', '>>>', 'to=functions.', '<|message|>', '｜DSML｜', 'functools[', '[lookup(', '|', '｜', ':',
];
const randomText = fc.array(fc.oneof(fc.constantFrom(...fragments), fc.constantFrom(...fragments), fc.string({ maxLength: 6 })), { maxLength: 10 }).map((parts) => parts.join(''));

const without = (text: string, characters: string): string => [...text].filter((char) => !characters.includes(char)).join('');

/** What a parse yields, as a comparable value. */
function outcome(result: ParseResult): unknown {
  if (result.success) return result;
  const { kind, message, details, toolName, availableTools } = result.error;
  return { kind, message, details, toolName, availableTools, raw: result.raw };
}

function parseBoth(protocol: ProtocolName, text: string, tools: readonly ToolSpec[], maxActions: number): [unknown, unknown] {
  const options = { tools, maxActions, toolCalls: [] };
  readerSkipping.enabled = false;
  try {
    const full = outcome(protocols[protocol].parse(text, options));
    readerSkipping.enabled = true;
    return [outcome(protocols[protocol].parse(text, options)), full];
  } finally {
    readerSkipping.enabled = true;
  }
}

const needing = driftReaders.filter((reader) => reader.needs !== undefined);

describe('reader needs', () => {
  it('every drift reader declares what it needs', () => {
    expect(needing.map((reader) => reader.dialect)).toEqual(driftReaders.map((reader) => reader.dialect));
  });

  it('each sample is read by some reader (the samples exercise the readers)', () => {
    const read = samples.filter((text) => driftReaders.some((reader) => reader.read(text, { tools: sampleTools, primary: false }) !== undefined));
    expect(read.length).toBeGreaterThan(samples.length - 8);
  });

  it.each(needing.map((reader) => [reader.dialect, reader] as const))('%s reads nothing without its characters (samples and corpus)', (_dialect, reader) => {
    const needs = reader.needs as string;
    for (const { text, tools } of texts) {
      const stripped = without(text, needs);
      for (const primary of [false, true]) {
        expect(reader.read(stripped, { tools, primary, handlers: [] }), JSON.stringify(stripped)).toBeUndefined();
      }
    }
  });

  it('no reader reads anything without its characters, on random markup', () => {
    fc.assert(
      fc.property(randomText, fc.boolean(), (text, primary) => {
        for (const reader of needing) {
          const stripped = without(text, reader.needs as string);
          if (reader.read(stripped, { tools: sampleTools, primary, handlers: [] }) !== undefined) return false;
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });

  it('the call-attempt check finds nothing without its characters', () => {
    for (const { text, tools } of texts) expect(findCallAttempt(without(text, callAttemptNeeds), tools)).toBeUndefined();
    fc.assert(fc.property(randomText, (text) => findCallAttempt(without(text, callAttemptNeeds), sampleTools) === undefined), { numRuns: 400 });
  });
});

describe('parse with and without skipping readers', () => {
  const names = Object.keys(protocols) as ProtocolName[];

  // Every corpus text parsed twice in each protocol: CPU-bound work that grows with the corpus, given
  // room on a loaded machine (it takes a few seconds on an idle one).
  it('is the same on the samples and the corpus, in every protocol', { timeout: 180_000 }, () => {
    for (const protocol of names) {
      for (const { text, tools, maxActions } of texts) {
        const [fast, full] = parseBoth(protocol, text, tools, maxActions);
        expect(fast, `${protocol}: ${JSON.stringify(text)}`).toEqual(full);
      }
    }
  });

  it('is the same on random markup with random needed characters removed, in every protocol', () => {
    const removable = [...new Set(driftReaders.map((reader) => reader.needs ?? '').join('') + callAttemptNeeds)];
    fc.assert(
      fc.property(randomText, fc.subarray(removable), fc.constantFrom(...names), (text, removed, protocol) => {
        const [fast, full] = parseBoth(protocol, without(text, removed.join('')), sampleTools, 2);
        expect(fast).toEqual(full);
      }),
      { numRuns: 600 },
    );
  });
});
