import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeCodec } from '../../src/protocols/envelope/envelope-codec.ts';
import { ENVELOPE_STATUSES } from '../../src/protocols/envelope-schema.ts';
import { jsonCodec } from '../../src/protocols/json-codec.ts';
import type { Decision } from '../../src/spec/decision.ts';
import type { ActionNotes } from '../../src/protocols/codec.ts';
import { runCodecContract } from './codec-contract.ts';
import { contractTools as tools, decisionArbitrary } from './contract-tools.ts';

// envelope carries call_tool tool/args (no reason: thoughts carry reasoning), ask_user question/why,
// answer_user answer/confidence, and every thought; several actions per turn.
// `$(` in text meant for the user is the envelope's variable syntax (`$$(` writes a literal one, undone
// when the turn runs), so free text without it is what round-trips; variables have their own tests below.
const noVariableSyntax = { text: (value: string) => !value.includes('$(') };
runCodecContract(envelopeCodec, {
  carried: (decision) => (decision.action === 'call_tool' ? { ...decision, reason: '' } : decision),
  maxDecisions: 3,
  carriesThoughts: true,
  rules: noVariableSyntax,
});

const envelope = (fields: Record<string, unknown>) => JSON.stringify({ status: 'REQUIRES_ACTION', thoughts: [], actions: [], ...fields });

describe('envelope codec', () => {
  it('keeps unknown thought types (the set is extensible)', () => {
    const text = envelope({ status: 'SUCCESS_FINAL', thoughts: [{ type: 'RISK', content: 'low' }], final_response: '42' });
    const result = envelopeCodec.parse(text, { tools });
    expect(result).toMatchObject({ success: true, thoughts: [{ type: 'RISK', content: 'low' }], decision: { action: 'answer_user', answer: '42' } });
  });

  it('keeps required_info and context of request_user_input as fields (context is also `why`)', () => {
    const action = { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Which city?', required_info: ['city name'], context: 'weather' } };
    const result = envelopeCodec.parse(envelope({ status: 'REQUIRES_CLARIFICATION', actions: [action] }), { tools });
    expect(result.success && result.decision).toEqual({ action: 'ask_user', question: 'Which city?', why: 'weather' });
    expect(result.success && result.actions).toEqual([{ type: 'workflow_control', requiredInfo: ['city name'], context: 'weather' }]);
  });

  it('rejects an envelope with a bad status or an unknown field, precisely', () => {
    const result = envelopeCodec.parse(envelope({ status: 'DONE', extra: 1 }), { tools });
    expect(result.success || result.error.details).toEqual(['unexpected property `/extra`', '`/status` must be one of ["SUCCESS_FINAL","REQUIRES_ACTION","REQUIRES_CLARIFICATION","ERROR_INTERNAL"]']);
  });

  it('reads ERROR_INTERNAL with a final_response as an answer whose status says the model failed, and without one as the same failure with no reason', () => {
    const answered = envelopeCodec.parse(envelope({ status: 'ERROR_INTERNAL', final_response: 'I cannot reach the API.' }), { tools });
    expect(answered.success && [answered.decision, answered.status, answered.actions]).toEqual([
      { action: 'answer_user', answer: 'I cannot reach the API.' },
      'ERROR_INTERNAL',
      [{}],
    ]);
    const empty = envelopeCodec.parse(envelope({ status: 'ERROR_INTERNAL', final_response: '' }), { tools });
    expect(empty.success && [empty.decision, empty.reportsFailure]).toEqual([{ action: 'answer_user', answer: '' }, { status: 'ERROR_INTERNAL' }]);
  });

  it('keeps each action type, confidence and warnings aligned with the decisions', () => {
    const actions = [
      { action: 'add', type: 'script', params: { a: 1, b: 2 }, confidence: 0.4, warnings: ['a may be wrong'] },
      { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Sure?' } },
      { action: 'send_response', type: 'output', params: { text: 'done' }, confidence: 0.9, warnings: [] },
    ];
    const result = envelopeCodec.parse(envelope({ actions }), { tools, maxActions: 3, handlers: ['script'] });
    expect(result.success && result.actions).toStrictEqual([
      { type: 'script', confidence: 0.4, warnings: ['a may be wrong'] },
      { type: 'workflow_control' },
      { type: 'output', confidence: 0.9, warnings: [] },
    ]);
    expect(result.success && result.decisions.map((decision) => decision.action)).toEqual(['call_tool', 'ask_user', 'answer_user']);
    expect(result.success && result.status).toBe('REQUIRES_ACTION');
  });

  it('other protocols carry no action notes or status', () => {
    const result = jsonCodec.parse('{"action":"answer_user","answer":"4","confidence":0.5}', { tools });
    expect(result.success && [result.actions, result.status]).toEqual([undefined, undefined]);
  });
});

const notesArbitrary = fc.record(
  {
    type: fc.constantFrom('tool', 'script', 'http_request', 'workflow_control', 'output'),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }).filter((value) => !Object.is(value, -0)),
    warnings: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
  },
  { requiredKeys: ['type'] },
);
const handlers = ['script', 'http_request'];
/** The notes as the decision's kind allows them: a call is run by a tool or a handler, a question and fail_step are workflow_control, an answer is output (or fail_step). */
function fitted(decision: Decision, notes: ActionNotes): ActionNotes {
  if (decision.action === 'call_tool') return { ...notes, type: ['script', 'http_request'].includes(notes.type ?? '') ? notes.type : 'tool' };
  if (decision.action === 'ask_user') {
    const { type: _type, ...rest } = notes;
    return { ...rest, type: 'workflow_control', ...(decision.why === '' ? {} : { context: decision.why }) };
  }
  return { ...notes, type: notes.type === 'workflow_control' && decision.answer !== '' ? 'workflow_control' : 'output' };
}
/** SUCCESS_FINAL only with send_response actions. */
const agrees = (status: string, actions: readonly ActionNotes[]): boolean => status !== 'SUCCESS_FINAL' || actions.every((notes) => notes.type === 'output');

describe('envelope round trip of action notes and status', () => {
  it('parse(render(d, notes, status)) gives back the notes and the status', () => {
    const turn = fc.array(fc.tuple(decisionArbitrary(noVariableSyntax), notesArbitrary), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(turn, fc.constantFrom(...ENVELOPE_STATUSES), (pairs, status) => {
        const decisions = pairs.map(([decision]) => decision);
        const actions = pairs.map(([decision, notes]) => fitted(decision, notes));
        fc.pre(agrees(status, actions));
        const result = envelopeCodec.parse(envelopeCodec.render({ decisions, actions, status }), { tools, maxActions: 3, handlers });
        if (!result.success) throw new Error(`${result.error.message} ${result.error.details.join('; ')}`);
        expect(result.status).toBe(status);
        // An answer's confidence is its action's confidence.
        const expected = decisions.map((decision, index) => {
          const { confidence, ...rest } = actions[index] ?? {};
          const own = decision.action === 'answer_user' && rest.type === 'output' ? decision.confidence : confidence;
          return { ...rest, ...(own === undefined ? {} : { confidence: own }) };
        });
        expect(result.actions).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('renders ERROR_INTERNAL with its message in final_response', () => {
    const text = envelopeCodec.render({ decisions: [{ action: 'answer_user', answer: 'The API is down.' }], status: 'ERROR_INTERNAL' });
    expect(JSON.parse(text)).toEqual({ status: 'ERROR_INTERNAL', thoughts: [], actions: [], final_response: 'The API is down.' });
  });

  it('never puts a lone answer in final_response where its status would read it otherwise', () => {
    const decisions = [{ action: 'answer_user' as const, answer: '42' }];
    const result = envelopeCodec.parse(envelopeCodec.render({ decisions, status: 'REQUIRES_CLARIFICATION' }), { tools });
    expect(result.success && [result.decisions, result.status]).toEqual([decisions, 'REQUIRES_CLARIFICATION']);
  });
});

describe('envelope v0.3 actions by type (seed 003)', () => {
  const parse = (fields: Record<string, unknown>, options: Partial<Parameters<typeof envelopeCodec.parse>[1]> = {}) =>
    envelopeCodec.parse(envelope(fields), { tools, maxActions: 8, ...options });
  const failure = (result: ReturnType<typeof parse>) => (result.success ? undefined : [result.error.kind, result.error.message]);

  it('accepts _comment inside actions and keeps a final_response beside actions', () => {
    const result = parse({ actions: [{ _comment: 'why', action: 'add', type: 'tool', params: { a: 1, b: 2 } }], final_response: 'interim' });
    expect(result.success && [result.decision, result.finalResponse]).toEqual([{ action: 'call_tool', tool: 'add', args: { a: 1, b: 2 }, reason: '' }, 'interim']);
  });

  it('accepts SUCCESS_FINAL with clean-up calls beside its answer (seed 003), refuses it with a question or without an answer', () => {
    const cleanup = { action: 'add', type: 'tool', params: { a: 1, b: 2 } };
    const withOutput = parse({ status: 'SUCCESS_FINAL', actions: [{ action: 'send_response', type: 'output', params: { text: 'Done.' } }, cleanup] });
    expect(withOutput.success && [withOutput.decisions.map((decision) => decision.action), withOutput.finalTurn]).toEqual([['answer_user', 'call_tool'], true]);
    const withFinal = parse({ status: 'SUCCESS_FINAL', actions: [cleanup], final_response: 'Done.' });
    expect(withFinal.success && [withFinal.finalResponse, withFinal.finalTurn]).toEqual(['Done.', true]);
    expect(failure(parse({ status: 'SUCCESS_FINAL', actions: [cleanup] }))).toEqual([
      'no-decision',
      'status SUCCESS_FINAL with no answer: add send_response actions or a final_response',
    ]);
    const question = { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'More?' } };
    expect(failure(parse({ status: 'SUCCESS_FINAL', actions: [question], final_response: 'Done.' }))?.[0]).toBe('status-mismatch');
  });

  it('runs handler types only when registered, without checking them against the toolbox', () => {
    const action = { action: 'bash', type: 'script', params: { command: 'ls' } };
    expect(failure(parse({ actions: [action] }))).toEqual(['unknown-action', 'no `script` handler is registered; types on offer: tool, output, workflow_control']);
    const result = parse({ actions: [action] }, { handlers: ['script'] });
    expect(result.success && [result.decision, result.actions]).toEqual([{ action: 'call_tool', tool: 'bash', args: { command: 'ls' }, reason: '' }, [{ type: 'script' }]]);
  });

  it('reads fail_step, refuses skip_to and output actions other than send_response', () => {
    const failed = parse({ actions: [{ action: 'fail_step', type: 'workflow_control', params: { reason: 'encrypted' } }] });
    expect(failed.success && [failed.decision, failed.actions]).toEqual([{ action: 'answer_user', answer: 'encrypted' }, [{ type: 'workflow_control' }]]);
    expect(failure(parse({ actions: [{ action: 'skip_to', type: 'workflow_control', params: {} }] }))?.[1]).toContain('`skip_to` is not offered');
    expect(failure(parse({ actions: [{ action: 'print', type: 'output', params: { text: 'x' } }] }))?.[1]).toBe('type output offers send_response, not `print`');
  });

  it('reads content sources: one of text, file_path, variable', () => {
    const file = parse({ actions: [{ action: 'send_response', type: 'output', params: { file_path: 'a.md' } }] });
    expect(file.success && [file.decision, file.actions]).toEqual([{ action: 'answer_user', answer: '' }, [{ type: 'output', source: { file_path: 'a.md' } }]]);
    const both = parse({ actions: [{ action: 'send_response', type: 'output', params: { text: 'x', file_path: 'a.md' } }] });
    expect(failure(both)?.[1]).toBe('send_response needs exactly one content source (text, file_path or variable); got text, file_path');
    const again = envelopeCodec.parse(envelopeCodec.render({ decisions: file.success ? file.decisions : [], actions: file.success ? file.actions : [] }), { tools });
    expect(again.success && again.actions).toEqual([{ type: 'output', source: { file_path: 'a.md' } }]);
  });

  it('checks $(...) variables against what the turn can resolve, counting its earlier tool actions', () => {
    const variables = { state: ['user'], results: 1, lastTools: ['add'] };
    const say = (text: string) => ({ action: 'send_response', type: 'output', params: { text } });
    expect(parse({ actions: [say('$(state.user) $(steps.1.result) $(last.add) $$(literal')] }, { variables }).success).toBe(true);
    expect(failure(parse({ actions: [say('$(steps.2.result)')] }, { variables }))).toEqual(['unknown-variable', 'unknown variable `$(steps.2.result)`: results so far are steps.1 to steps.1']);
    const later = parse({ actions: [{ action: 'add', type: 'tool', params: { a: 1, b: 2 } }, say('$(steps.2.result)')] }, { variables });
    expect(later.success).toBe(true);
    expect(failure(parse({ actions: [say('$(context.report)')] }))?.[1]).toContain('unknown variable `$(context.report)`');
    expect(failure(parse({ actions: [say('open $(state.user')] }))?.[1]).toContain('unclosed variable');
  });
});
