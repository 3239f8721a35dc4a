import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { normalizeOutput } from '../../src/protocols/extract/normalize-output.ts';
import { replyMarkers } from '../../src/protocols/extract/reply-markers.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'lookup', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'], additionalProperties: false } },
  { name: 'ping', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
];

const reasoningMarkers = replyMarkers.filter((marker) => marker.kind === 'reasoning');
const contentMarkers = replyMarkers.filter((marker) => marker.kind === 'content');
const labelled = (marker: (typeof replyMarkers)[number], text: string) => (marker.label ? `${marker.label}\n${text}` : text);

describe('reasoning markers', () => {
  it.each(reasoningMarkers.map((marker) => [marker.open, marker] as const))('drops a leading %s block and keeps its text as reasoning', (_open, marker) => {
    const result = normalizeOutput(`${marker.open}${labelled(marker, 'weighing the options')}${marker.close}\nThe answer is 42.`);
    expect(result).toEqual({ text: 'The answer is 42.', reasoning: ['weighing the options'], unfenced: false });
  });

  it.each(reasoningMarkers.filter((marker) => marker.endsTemplateReasoning).map((marker) => [marker.close, marker] as const))(
    'reads text before a lone %s as reasoning the chat template opened',
    (_close, marker) => {
      expect(normalizeOutput(`still weighing${marker.close}The answer is 42.`)).toMatchObject({ text: 'The answer is 42.', reasoning: ['still weighing'] });
      expect(normalizeOutput(`${marker.close}\nThe answer is 42.`).text).toBe('The answer is 42.');
    },
  );

  it('drops several leading blocks in a row, whatever their markers and case', () => {
    const result = normalizeOutput('[think]one[/think]\n<SEED:THINK>two</seed:think><|START_THINKING|>three<|END_THINKING|>Done.');
    expect(result).toMatchObject({ text: 'Done.', reasoning: ['one', 'two', 'three'] });
  });

  it('keeps markers that come after the reply starts, and JSON or markup that mention a close marker', () => {
    expect(normalizeOutput('Use [THINK]..[/THINK] to reason.').text).toBe('Use [THINK]..[/THINK] to reason.');
    expect(normalizeOutput('{"answer": "close it with </think>"}').text).toBe('{"answer": "close it with </think>"}');
    expect(normalizeOutput('<b>bold</b> then [/THINK]').text).toBe('<b>bold</b> then [/THINK]');
    expect(normalizeOutput('<think>a</think>Then write [/THINK] and go on.').text).toBe('Then write [/THINK] and go on.');
  });

  it('ends unclosed reasoning at a tool-call section token, so the call after it is read', () => {
    const text = '<think>I need a lookup<|tool_calls_section_begin|><|tool_call_begin|>functions.lookup:0<|tool_call_argument_begin|>{"code": "A1"}<|tool_call_end|><|tool_calls_section_end|>';
    expect(normalizeOutput(text).reasoning).toEqual(['I need a lookup']);
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, dialect: 'kimi', decision: { tool: 'lookup', args: { code: 'A1' } } });
    expect(normalizeOutput('<think>no end in sight').text).toBe('');
  });

  it('removes Gemma 4 thought channels, labels, repeated openers and empty trailing blocks', () => {
    expect(normalizeOutput('<|channel>thought\nplanning<channel|>Hi there')).toMatchObject({ text: 'Hi there', reasoning: ['planning'] });
    expect(normalizeOutput('<|channel><|channel>thought\n<channel|>Hi there').text).toBe('Hi there');
    expect(normalizeOutput('<|channel>thought\n<channel|>Hi there<|channel>thought\n<channel|><channel|>').text).toBe('Hi there');
  });
});

describe('content wrappers', () => {
  it.each(contentMarkers.map((marker) => [marker.open, marker] as const))('keeps the inner text of %s', (_open, marker) => {
    const before = marker.onlyAfterReasoning ? '<think>plan</think>' : '';
    expect(normalizeOutput(`${before}${marker.open}The answer is 42.${marker.close}`).text).toBe('The answer is 42.');
    expect(normalizeOutput(`${before}${marker.open}Cut short`).text).toBe('Cut short');
  });

  it('reads markers made of special tokens with spaces beside their tokens, as a detokenizer may print them (fast-check)', () => {
    /** Spaces beside every special token of the marker: `<|open|> response <|sep|>`. */
    const spaced = (marker: string, gap: string) => marker.replace(/(<\|[^|<>]*\|>|<｜[^｜<>]*｜>)/g, `${gap}$1${gap}`).trim();
    const multiToken = replyMarkers.filter((marker) => marker.special && /\|>./.test(marker.open));
    expect(multiToken.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(fc.constantFrom(...multiToken), fc.constantFrom(' ', '\t', '  '), fc.stringMatching(/^[A-Za-z][a-z ]{0,20}[a-z.]$/), (marker, gap, inner) => {
        const before = marker.onlyAfterReasoning ? '<think>plan</think>' : '';
        const plain = normalizeOutput(`${before}${marker.open}${labelled(marker, inner)}${marker.close}`);
        const printed = normalizeOutput(`${before}${spaced(marker.open, gap)}${labelled(marker, inner)}${spaced(marker.close, gap)}`);
        expect(printed.text).toBe(plain.text);
        expect(printed.reasoning).toEqual(plain.reasoning);
      }),
      { numRuns: 80 },
    );
    expect(normalizeOutput('<|open|> response <|sep|>Fine.<|close|> response <|sep|>').text).toBe('Fine.');
  });

  it('reads reasoning then a wrapper, and keeps what follows the wrapper', () => {
    const text = '<|START_THINKING|>plan<|END_THINKING|><|START_RESPONSE|>Calling now.<|END_RESPONSE|>\n<tool_call>{"name": "ping", "arguments": {}}</tool_call>';
    expect(normalizeOutput(text)).toMatchObject({ text: 'Calling now.\n\n<tool_call>{"name": "ping", "arguments": {}}</tool_call>', reasoning: ['plan'] });
    expect(normalizeOutput('plan<|END_THINKING|><|START_TEXT|>Hi<|END_TEXT|>')).toMatchObject({ text: 'Hi', reasoning: ['plan'] });
  });

  it('treats text before [BEGIN FINAL RESPONSE] as reasoning (Apriel templates open it)', () => {
    expect(normalizeOutput('Step 1, step 2.\n[BEGIN FINAL RESPONSE]\nIt is 42.\n[END FINAL RESPONSE]')).toMatchObject({ text: 'It is 42.', reasoning: ['Step 1, step 2.'] });
  });

  it('reads <response> as a wrapper only right after reasoning', () => {
    expect(normalizeOutput('<think>x</think><response>Hi</response>').text).toBe('Hi');
    expect(normalizeOutput('<response>{"name": "ping"}</response>').text).toBe('<response>{"name": "ping"}</response>');
  });

  it('drops Solar Open reasoning and its assistant header', () => {
    expect(normalizeOutput('<|think|>plan<|end|><|begin|>assistant<|content|>Hi<|end|>')).toMatchObject({ text: 'Hi', reasoning: ['plan'] });
  });

  it('strips a fence left once the markers are gone', () => {
    expect(normalizeOutput('[THINK]json it is[/THINK]```json\n{"a": 1}\n```')).toMatchObject({ text: '{"a": 1}', unfenced: true });
  });
});

describe('harmony messages', () => {
  const analysis = '<|channel|>analysis<|message|>Need a lookup.<|end|>';

  it('reads analysis as reasoning and final or commentary as the reply', () => {
    expect(normalizeOutput(`${analysis}<|start|>assistant<|channel|>final<|message|>It is 42.<|return|>`)).toEqual({ text: 'It is 42.', reasoning: ['Need a lookup.'], unfenced: false });
    expect(normalizeOutput('<|channel|>commentary<|message|>Working on it.').text).toBe('Working on it.');
    expect(normalizeOutput(`${analysis}<|start|>assistant<|channel|>final <|constrain|>json<|message|>{"a": 1}`).text).toBe('{"a": 1}');
  });

  it('keeps a message with a recipient as a tool call, even on the analysis channel', () => {
    for (const header of ['<|start|>assistant to=functions.lookup<|channel|>analysis', '<|start|>assistant<|channel|>analysis to=functions.lookup <|constrain|>json']) {
      const text = `${analysis}${header}<|message|>{"code": "B2"}<|call|>`;
      expect(normalizeOutput(text).reasoning).toEqual(['Need a lookup.']);
      expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, dialect: 'harmony', decision: { tool: 'lookup', args: { code: 'B2' } } });
    }
  });

  it('ignores to=assistant, and reads an analysis body the template opened', () => {
    expect(normalizeOutput('<|channel|>commentary to=assistant<|channel|>analysis<|message|>Need a lookup.<|end|>').reasoning).toEqual(['Need a lookup.']);
    expect(normalizeOutput('<|channel|>commentary to=assistant<|channel|>analysis<|message|>x<|end|><|start|>assistant<|channel|>final<|message|>Hi').text).toBe('Hi');
    expect(normalizeOutput(' still thinking<|end|><|start|>assistant<|channel|>final<|message|>Hi')).toMatchObject({ text: 'Hi', reasoning: ['still thinking'] });
  });

  it('does not split a call whose JSON holds <|start|>: the call runs with the value written, never a re-joined one', () => {
    const text = '<|channel|>commentary to=functions.lookup <|constrain|>json<|message|>{"code": "<|start|>assistant<|message|>B2"}<|call|>';
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { tool: 'lookup', args: { code: '<|start|>assistant<|message|>B2' } } });
    // Reasoning not ended before the next message still ends there.
    expect(normalizeOutput('<|channel|>analysis<|message|>think<|start|>assistant<|channel|>final<|message|>Done<|return|>')).toMatchObject({ text: 'Done', reasoning: ['think'] });
  });

  it('reads a recipient written without `functions.` as the offered tool it names', () => {
    for (const header of ['<|channel|>commentary to=lookup <|constrain|>json', '<|start|>assistant to=lookup<|channel|>commentary', '<|channel|>commentary to=lookup']) {
      const text = `${analysis}${header}<|message|>{"code": "B2"}<|call|>`;
      expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, dialect: 'harmony', decision: { tool: 'lookup', args: { code: 'B2' } } });
    }
  });

  it('corrects a message to a recipient that is no offered tool, naming the recipient (not a token reins added)', () => {
    for (const [text, recipient] of [
      ['<|channel|>commentary to=python<|message|>print(1)<|call|>', 'python'],
      ['<|start|>assistant to=browser.open<|channel|>commentary<|message|>{"id": 1}<|call|>', 'browser.open'],
    ] as const) {
      const result = parseDecision('native', text, { tools });
      expect(result).toMatchObject({ success: false, error: { kind: 'unknown-tool', toolName: recipient } });
      expect(result.success ? '' : result.error.message).toContain(`message to \`${recipient}\`, which is no offered tool (available: lookup, ping)`);
    }
  });

  it('keeps a recipient header without a message, so it is not taken as an answer', () => {
    const result = parseDecision('native', '<|channel|>commentary to=functions.lookup <|constrain|>json', { tools });
    expect(result.success).toBe(false);
  });
});

describe('text without markers', () => {
  it('comes back as written, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '.', ',', '|', ']', '}', '>', '/', 'é', '1') }), (text) => {
        expect(normalizeOutput(text)).toEqual({ text: text.trim(), reasoning: [], unfenced: false });
      }),
    );
  });
});
