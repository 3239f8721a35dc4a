import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_USER_SCHEMA, ASK_USER_SCHEMA, CALL_TOOL_SCHEMA, type Decision, type ToolSpec } from '../../src/spec/decision.ts';
import type { ActionNotes } from '../../src/protocols/codec.ts';
import { envelopeCodec, lineCodec, parseDecision, xmlCodec } from '../../src/protocols/index.ts';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/seeds/${name}`, import.meta.url), 'utf8')) as T;

describe('seed 000: the decision schemas', () => {
  const schemas = fixture<Record<string, unknown>>('seed-000-schemas.json');
  it('are the seed schemas field for field', () => {
    expect({ call_tool: CALL_TOOL_SCHEMA, ask_user: ASK_USER_SCHEMA, answer_user: ANSWER_USER_SCHEMA }).toEqual({
      call_tool: schemas.call_tool,
      ask_user: schemas.ask_user,
      answer_user: schemas.answer_user,
    });
  });
});

describe('seed 002: ReAct with XML tags', () => {
  const seed = fixture<{ tool: ToolSpec; llmTurn: string; expected: Decision; toolOutput: string; observation: string }>('seed-002-react-xml.json');
  it('reads the execute_command call with its thought', () => {
    const result = parseDecision('xml', seed.llmTurn, { tools: [seed.tool] });
    expect(result.success && result.decision).toEqual(seed.expected);
    expect(result.success && result.thoughts).toEqual([{ type: 'PLAN', content: seed.expected.action === 'call_tool' ? seed.expected.reason : '' }]);
  });
  it('renders the observation of the ls -la output', () => {
    expect(xmlCodec.observation({ content: [{ type: 'text', text: seed.toolOutput }] }, { tool: 'execute_command' })).toBe(seed.observation);
  });
});

describe('seed 003: the JSON envelope v0.3', () => {
  type EnvelopeCase = { name: string; text: string; decisions: Decision[]; actions: ActionNotes[]; status: string; thoughtTypes: string[]; maxActions?: number };
  const seed = fixture<{ tools: ToolSpec[]; cases: EnvelopeCase[] }>('seed-003-envelopes.json');
  it.each(seed.cases.map((item) => [item.name, item] as const))('reads %s, with its action notes and status', (_name, item) => {
    const result = envelopeCodec.parse(item.text, { tools: seed.tools, maxActions: item.maxActions });
    if (!result.success) throw new Error(`${result.error.message} ${result.error.details.join('; ')}`);
    expect(result.decisions).toEqual(item.decisions);
    expect(result.actions).toStrictEqual(item.actions);
    expect(result.status).toBe(item.status);
    expect(result.thoughts.map((thought) => thought.type)).toEqual(item.thoughtTypes);
  });
  it.each(seed.cases.map((item) => [item.name, item] as const))('renders %s back to what it reads', (_name, item) => {
    const result = envelopeCodec.parse(item.text, { tools: seed.tools, maxActions: item.maxActions });
    if (!result.success) throw new Error(result.error.message);
    const { decisions, thoughts, actions, status } = result;
    const again = envelopeCodec.parse(envelopeCodec.render({ decisions, thoughts, actions, status }), { tools: seed.tools, maxActions: item.maxActions });
    expect(again.success && { decisions: again.decisions, thoughts: again.thoughts, actions: again.actions, status: again.status }).toStrictEqual({
      decisions,
      thoughts,
      actions,
      status,
    });
  });
  it('refuses the two-action envelope when one action is allowed', () => {
    const twoActions = seed.cases.find((item) => item.maxActions === 2);
    const result = envelopeCodec.parse(twoActions?.text ?? '', { tools: seed.tools, maxActions: 1 });
    expect(result.success || result.error.message).toBe('two actions given, one allowed');
    // Without `maxActions`, the envelope's own default (8) applies.
    expect(envelopeCodec.parse(twoActions?.text ?? '', { tools: seed.tools }).success).toBe(true);
  });
});

describe('seed 004: the one-line protocol', () => {
  const seed = fixture<{ tools: ToolSpec[]; cases: Array<{ text: string; decision: Decision }>; rejected: Array<{ text: string; kind: string; details: string[] }> }>(
    'seed-004-lines.json',
  );
  it.each(seed.cases.map((item) => [item.text.split('\n')[0], item] as const))('reads %s', (_name, item) => {
    const result = lineCodec.parse(item.text, { tools: seed.tools });
    if (!result.success) throw new Error(`${result.error.message} ${result.error.details.join('; ')}`);
    expect(result.decision).toEqual(item.decision);
  });
  it.each(seed.rejected.map((item) => [item.text, item] as const))('rejects %s', (_name, item) => {
    const result = lineCodec.parse(item.text, { tools: seed.tools });
    expect(result.success || [result.error.kind, result.error.details]).toEqual([item.kind, item.details]);
  });
  it('renders the seed lines back', () => {
    const [first, history] = seed.cases;
    expect(lineCodec.render({ decisions: [first?.decision as Decision, history?.decision as Decision], tools: seed.tools })).toBe(
      'FUNCTION_CALL: check_calendar\nFUNCTION_CALL: get_meal_history|7',
    );
  });
});
