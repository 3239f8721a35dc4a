import { describe, expect, it } from 'vitest';
import { envelopeCodec } from '../../src/protocols/envelope-codec.ts';
import { runCodecContract } from './codec-contract.ts';
import { contractTools as tools } from './contract-tools.ts';

// envelope carries call_tool tool/args (no reason: thoughts carry reasoning), ask_user question/why,
// answer_user answer/confidence, and every thought; several actions per turn.
runCodecContract(envelopeCodec, {
  carried: (decision) => (decision.action === 'call_tool' ? { ...decision, reason: '' } : decision),
  maxDecisions: 3,
  carriesThoughts: true,
});

const envelope = (fields: Record<string, unknown>) => JSON.stringify({ status: 'REQUIRES_ACTION', thoughts: [], actions: [], ...fields });

describe('envelope codec', () => {
  it('keeps unknown thought types (the set is extensible)', () => {
    const text = envelope({ status: 'SUCCESS_FINAL', thoughts: [{ type: 'RISK', content: 'low' }], final_response: '42' });
    const result = envelopeCodec.parse(text, { tools });
    expect(result).toMatchObject({ success: true, thoughts: [{ type: 'RISK', content: 'low' }], decision: { action: 'answer_user', answer: '42' } });
  });

  it('maps required_info and context of request_user_input into `why`', () => {
    const action = { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Which city?', required_info: ['city name'], context: 'weather' } };
    const result = envelopeCodec.parse(envelope({ status: 'REQUIRES_CLARIFICATION', actions: [action] }), { tools });
    expect(result.success && result.decision).toEqual({ action: 'ask_user', question: 'Which city?', why: 'weather; required: city name' });
  });

  it('rejects an envelope with a bad status or an unknown field, precisely', () => {
    const result = envelopeCodec.parse(envelope({ status: 'DONE', extra: 1 }), { tools });
    expect(result.success || result.error.details).toEqual(['unexpected property `/extra`', '`/status` must be one of ["SUCCESS_FINAL","REQUIRES_ACTION","REQUIRES_CLARIFICATION","ERROR_INTERNAL"]']);
  });

  it('reads ERROR_INTERNAL with a final_response as the answer, and without one as no decision', () => {
    const answered = envelopeCodec.parse(envelope({ status: 'ERROR_INTERNAL', final_response: 'I cannot reach the API.' }), { tools });
    expect(answered.success && answered.decision).toEqual({ action: 'answer_user', answer: 'I cannot reach the API.' });
    const empty = envelopeCodec.parse(envelope({ status: 'ERROR_INTERNAL' }), { tools });
    expect(empty.success || empty.error.kind).toBe('no-decision');
  });
});
