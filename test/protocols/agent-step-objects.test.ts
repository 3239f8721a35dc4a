/**
 * JSON agent steps as application platforms read them from plain model text (ReAct agents for models
 * without native tools): the step in a `tool_call` / `tool_calls` wrapper or with an `input` key is
 * read; a step cut off before its object closes is never run; an object naming an offered tool under
 * a name key is never answered as text; a JSON call after a `FinalAnswer:` label is never run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'fetch_quote', inputSchema: { type: 'object', properties: { ticker: { type: 'string' }, days: { type: 'number' } }, required: ['ticker'] } },
  { name: 'clock', inputSchema: { type: 'object', properties: {} } },
  { name: 'translate', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool') : undefined;
};

describe('agent step objects', () => {
  it('reads a step inside a tool_call or tool_calls wrapper, and with an input key', () => {
    expect(parse('{"tool_call": {"thought": "need a price", "action": "fetch_quote", "action_input": {"ticker": "ACME"}}}')).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'fetch_quote', args: { ticker: 'ACME' } },
    });
    expect(callsOf('{"tool_calls": [{"action": "clock", "action_input": {}}, {"action": "translate", "action_input": {"text": "hej"}}]}', 2)).toMatchObject([
      { tool: 'clock', args: {} },
      { tool: 'translate', args: { text: 'hej' } },
    ]);
    expect(callsOf('{"action": "translate", "input": "bonjour"}')).toMatchObject([{ tool: 'translate', args: { text: 'bonjour' } }]);
    expect(callsOf('{"tool_call": {"function": {"name": "fetch_quote", "arguments": {"ticker": "ZZ"}}}}')).toMatchObject([{ tool: 'fetch_quote', args: { ticker: 'ZZ' } }]);
  });

  it('refuses a step cut off after a complete value, before its object closes', () => {
    for (const text of ['Action: {"action": "fetch_quote", "action_input": {"ticker": "ACME", "days": 3', '{"action": "fetch_quote", "action_input": {"ticker": "ACME"}']) {
      const result = parse(text);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.message).toMatch(/cut off/);
    }
  });

  it('never answers an object that names an offered tool under a name key, in any case or wrapper', () => {
    for (const text of ['{"action": "clock"}', '{"ACTION": "clock"}', '{"function": {"name": "clock"}}', '{"tool_calls": [{"Action": "clock"}]}', '{"tool": " clock "}']) {
      expect([text, parse(text).success]).toEqual([text, false]);
    }
  });

  it('corrects a step whose action is no tool name, never answers it', () => {
    for (const text of ['{"action": {"tool": "clock"}, "action_input": {}}', '{"thought": "time?", "action": null, "action_input": "now"}']) {
      const result = parse(text);
      expect([text, result.success]).toEqual([text, false]);
      if (!result.success) expect(result.error.message).toMatch(/"action" must be the name of a tool/);
    }
  });

  it('keeps tool definitions that mention a tool as the answer', () => {
    for (const text of ['{"name": "clock", "description": "tells the time"}', '{"type": "function", "function": {"name": "clock", "parameters": {"type": "object", "properties": {}}}}']) {
      expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('never runs a JSON call written after a FinalAnswer label', () => {
    for (const text of ['FinalAnswer: {"action": "clock", "action_input": {}}', 'FinalAnswer: it is noon\nThought: {"action": "clock", "action_input": {}}']) {
      expect(callsOf(text) ?? []).toEqual([]);
    }
  });

  it('completeness: a step cut anywhere after its tool name and before its object closes is never run (fast-check)', () => {
    const frames = [(step: string) => step, (step: string) => `Action: ${step}`, (step: string) => `\`\`\`json\n${step}`, (step: string) => `{"tool_call": ${step}`];
    fc.assert(
      fc.property(fc.constantFrom(...frames), fc.stringMatching(/^[A-Z]{2,6}$/), fc.nat({ max: 99 }), fc.nat(), (frame, ticker, days, at) => {
        const step = JSON.stringify({ action: 'fetch_quote', action_input: { ticker, days } });
        const text = frame(step);
        const from = text.indexOf('fetch_quote') + 'fetch_quote'.length + 1;
        const end = text.lastIndexOf('}');
        const cut = text.slice(0, from + (at % (end - from)));
        expect(callsOf(cut) ?? []).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('coverage: an object naming an offered tool, with no arguments to read, is refused, never answered (fast-check)', () => {
    const nameKey = fc.constantFrom('name', 'action', 'tool', 'tool_name', 'function').chain((key) => fc.constantFrom(key, key.toUpperCase(), key[0]!.toUpperCase() + key.slice(1)));
    const wrap = fc.constantFrom(
      (call: object) => call,
      (call: object) => ({ tool_call: call }),
      (call: object) => ({ tool_calls: [call] }),
      (call: object) => ({ function: call }),
      (call: object) => [call],
    );
    const around = fc.constantFrom((json: string) => json, (json: string) => `Here: ${json}`, (json: string) => `${json}\nDone.`);
    fc.assert(
      fc.property(nameKey, wrap, around, fc.constantFrom('fetch_quote', 'translate'), (key, wrapIn, place, tool) => {
        const text = place(JSON.stringify(wrapIn({ [key]: tool })));
        expect([text, parse(text).success]).toEqual([text, false]);
      }),
      { numRuns: 150 },
    );
  });
});
