/**
 * Reads reins' `envelope` protocol (seed 003 v0.3). The envelope is validated strictly, then each
 * action becomes a decision: `request_user_input` -> ask_user (`query_to_user`; `why` from `context`
 * and `required_info`), `send_response` -> answer_user (`text`, action `confidence`), any other action
 * -> call_tool of the tool of that name (no `reason`: the envelope's thoughts carry the reasoning).
 * With no actions, `final_response` is the answer (SUCCESS_FINAL, ERROR_INTERNAL) or the question
 * (REQUIRES_CLARIFICATION). Each action's `type`, `confidence` and `warnings` are kept as notes
 * aligned with the decisions (`{}` for one taken from `final_response`), and the turn's `status` too:
 * ERROR_INTERNAL with a final_response is an answer whose status says the model failed.
 */
import { validateAgainstSchema } from '../../tools/schema-validator.ts';
import { ENVELOPE_SCHEMA, type Envelope, type EnvelopeAction } from '../envelope-schema.ts';
import { findJsonSpans, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import type { ToolSpec } from '../../spec/decision.ts';
import type { ActionNotes } from '../codec.ts';

function isEnvelopeLike(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value.actions) || ('status' in value && 'thoughts' in value));
}

function actionItem(action: EnvelopeAction, tools: readonly ToolSpec[]): unknown {
  const isUserTool = tools.some((tool) => tool.name === action.action);
  const params = action.params;
  if (!isUserTool && action.action === 'request_user_input') {
    const required = Array.isArray(params.required_info) ? params.required_info.map(String) : [];
    const why = [typeof params.context === 'string' ? params.context : '', required.length ? `required: ${required.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    return { action: 'ask_user', question: params.query_to_user, why };
  }
  if (!isUserTool && action.action === 'send_response') {
    return { action: 'answer_user', answer: params.text, ...(action.confidence === undefined ? {} : { confidence: action.confidence }) };
  }
  return callItem(action.action, params, tools);
}

function actionNotes({ type, confidence, warnings }: EnvelopeAction): ActionNotes {
  return { type, ...(confidence === undefined ? {} : { confidence }), ...(warnings === undefined ? {} : { warnings }) };
}

function finalItem(envelope: Envelope): unknown {
  const text = envelope.final_response ?? '';
  if (envelope.status === 'REQUIRES_CLARIFICATION') return { action: 'ask_user', question: text, why: '' };
  if (envelope.status === 'REQUIRES_ACTION' || text.trim() === '') return undefined;
  return { action: 'answer_user', answer: text };
}

export const envelopeActionsReader: DialectReader = {
  dialect: 'envelope',
  read(text, { tools, primary }): Reading | undefined {
    const spans = findJsonSpans(text);
    for (const span of spans) {
      const json = readJson(span.text);
      if (!json.ok || !isEnvelopeLike(json.value)) continue;
      const { _comment: _ignored, ...value } = json.value;
      const valid = validateAgainstSchema(ENVELOPE_SCHEMA, value);
      if (!valid.ok) return failedReading('envelope', { kind: 'schema', message: 'invalid envelope', details: valid.details });
      const envelope = value as unknown as Envelope;
      const items = envelope.actions.length ? envelope.actions.map((action) => actionItem(action, tools)) : [finalItem(envelope)];
      if (items[0] === undefined) {
        return failedReading('envelope', { kind: 'no-decision', message: `status ${envelope.status} with no actions and no final_response` });
      }
      const repaired = json.repaired || textOutside(text, spans).trim() !== '' || spans.length > 1;
      const actions = envelope.actions.length ? envelope.actions.map(actionNotes) : [{}];
      return { dialect: 'envelope', items, thoughts: envelope.thoughts, repaired, actions, status: envelope.status };
    }
    if (primary && spans.length) {
      const json = readJson(spans[0]?.text ?? '');
      if (!json.ok) return failedReading('envelope', { kind: 'invalid-json', message: json.message });
      const failure = { kind: 'schema', message: 'expected the envelope {"status", "thoughts", "actions", "final_response"}' } as const;
      return { ...failedReading('envelope', failure), weak: true };
    }
    return undefined;
  },
};
