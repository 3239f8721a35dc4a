/**
 * Reads reins' `envelope` protocol (seed 003 v0.3). The envelope is validated strictly (`_comment`
 * is accepted at the top and inside actions), then each action becomes a decision candidate by its
 * `type` (`envelope-action-item.ts`), with its notes (type, confidence, warnings, required_info,
 * context, content source) aligned with the decisions. With no actions, `final_response` is the
 * answer (SUCCESS_FINAL, ERROR_INTERNAL) or the question (REQUIRES_CLARIFICATION); beside actions a
 * non-empty `final_response` is kept as `finalResponse`.
 * Refused with a precise correction, before anything runs: a type not on offer, `skip_to`, a status
 * that disagrees with the actions (SUCCESS_FINAL ends the run: only `send_response` may come with
 * it), and a `$(...)` in a `send_response` that names no variable the turn can resolve.
 */
import { validateAgainstSchema } from '../../tools/schema-validator.ts';
import type { ActionNotes, KnownVariables } from '../codec.ts';
import { ENVELOPE_SCHEMA, type Envelope, type EnvelopeAction, isHandlerType } from '../envelope-schema.ts';
import { readTemplate, readVariable, unknownVariable, type VariableRef } from '../envelope-variables.ts';
import { findJsonSpans, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { readEnvelopeAction } from './envelope-action-item.ts';

function isEnvelopeLike(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value.actions) || ('status' in value && 'thoughts' in value));
}

function finalItem(envelope: Envelope): unknown {
  const text = envelope.final_response ?? '';
  if (envelope.status === 'REQUIRES_CLARIFICATION') return { action: 'ask_user', question: text, why: '' };
  if (envelope.status === 'REQUIRES_ACTION' || text.trim() === '') return undefined;
  return { action: 'answer_user', answer: text };
}

const runsSomething = (action: EnvelopeAction): boolean => action.type === 'tool' || isHandlerType(action.type);

/** SUCCESS_FINAL ends the run with the turn's output: an action that needs another turn disagrees with it. */
function statusFailure(envelope: Envelope): ReadFailure | undefined {
  if (envelope.status !== 'SUCCESS_FINAL') return undefined;
  const index = envelope.actions.findIndex((action) => action.type !== 'output');
  if (index < 0) return undefined;
  const action = envelope.actions[index] as EnvelopeAction;
  const message =
    `status SUCCESS_FINAL ends the run, but action ${index + 1} (\`${sanitizeName(action.action)}\`, type ${sanitizeName(action.type)}) ` +
    'needs another turn: use REQUIRES_ACTION (or REQUIRES_CLARIFICATION), or only send_response actions with SUCCESS_FINAL';
  return { kind: 'status-mismatch', message };
}

/** The first `$(...)` of a send_response that the turn cannot resolve. */
function variableFailure(envelope: Envelope, known: KnownVariables | undefined): ReadFailure | undefined {
  const pending: string[] = [];
  const at = (index: number) => (envelope.actions.length > 1 ? `action ${index + 1}: ` : '');
  for (const [index, action] of envelope.actions.entries()) {
    if (runsSomething(action)) pending.push(action.action);
    if (action.type !== 'output') continue;
    const { text, variable } = action.params as { text?: unknown; variable?: unknown };
    const refs: VariableRef[] = [];
    if (typeof text === 'string') {
      const template = readTemplate(text);
      if (!template.ok) return { kind: 'unknown-variable', message: at(index) + template.message };
      for (const part of template.parts) if (typeof part !== 'string') refs.push(part.ref);
    }
    const named = typeof variable === 'string' ? readVariable(variable) : undefined;
    if (named) refs.push(named);
    if (!known) continue;
    for (const ref of refs) {
      const unknown = unknownVariable(ref, { ...known, pending: pending.slice() });
      if (unknown) return { kind: 'unknown-variable', message: at(index) + unknown };
    }
  }
  return undefined;
}

function conclusive(failure: ReadFailure): Reading {
  return { ...failedReading('envelope', failure), conclusive: true };
}

export const envelopeActionsReader: DialectReader = {
  dialect: 'envelope',
  needs: '{', // the envelope is a JSON object
  read(text, { tools: _tools, primary, handlers = [], variables }): Reading | undefined {
    const spans = findJsonSpans(text);
    for (const span of spans) {
      const json = readJson(span.text);
      if (!json.ok || !isEnvelopeLike(json.value)) continue;
      const { _comment: _ignored, ...value } = json.value;
      const valid = validateAgainstSchema(ENVELOPE_SCHEMA, value);
      if (!valid.ok) return failedReading('envelope', { kind: 'schema', message: 'invalid envelope', details: valid.details });
      const envelope = value as unknown as Envelope;
      const items: unknown[] = [];
      const actions: ActionNotes[] = [];
      for (const [index, action] of envelope.actions.entries()) {
        const reading = readEnvelopeAction(action, handlers);
        if ('failure' in reading) {
          const prefix = envelope.actions.length > 1 ? `action ${index + 1}: ` : '';
          return conclusive({ ...reading.failure, message: prefix + reading.failure.message });
        }
        items.push(reading.item);
        actions.push(reading.notes);
      }
      const mismatch = statusFailure(envelope) ?? variableFailure(envelope, variables);
      if (mismatch) return conclusive(mismatch);
      if (items.length === 0) {
        const item = finalItem(envelope);
        if (item === undefined) {
          return failedReading('envelope', { kind: 'no-decision', message: `status ${envelope.status} with no actions and no final_response` });
        }
        items.push(item);
        actions.push({});
      }
      const repaired = json.repaired || textOutside(text, spans).trim() !== '' || spans.length > 1;
      const finalResponse = envelope.actions.length && envelope.final_response?.trim() ? { finalResponse: envelope.final_response } : {};
      return { dialect: 'envelope', items, thoughts: envelope.thoughts, repaired, actions, status: envelope.status, ...finalResponse };
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
