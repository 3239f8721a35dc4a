/**
 * Reads reins' `envelope` protocol (seed 003 v0.3). The envelope is validated strictly (`_comment`
 * is accepted at the top and inside actions), then each action becomes a decision candidate by its
 * `type` (`envelope-action-item.ts`), with its notes (type, confidence, warnings, required_info,
 * context, content source) aligned with the decisions. With no actions, `final_response` is the
 * answer (SUCCESS_FINAL, ERROR_INTERNAL) or the question (REQUIRES_CLARIFICATION); beside actions a
 * non-empty `final_response` is kept as `finalResponse`.
 * Refused with a precise correction, before anything runs: a type not on offer, `skip_to`, a status
 * that disagrees with the actions (SUCCESS_FINAL ends the run: outputs and clean-up calls may come
 * with it, not a question), and a `$(...)` the turn cannot resolve in any text the runner fills.
 */
import { validateAgainstSchema } from '../../tools/schema-validator.ts';
import type { ActionNotes, KnownVariables } from '../codec.ts';
import { ENVELOPE_SCHEMA, type Envelope, type EnvelopeAction, isHandlerType } from '../envelope-schema.ts';
import { readTemplate, readVariable, unknownVariable } from '../envelope-variables.ts';
import { findJsonSpans, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { readEnvelopeAction } from './envelope-action-item.ts';

function isEnvelopeLike(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value.actions) || ('status' in value && 'thoughts' in value));
}

/** The decision `final_response` stands for when the turn has no actions (ERROR_INTERNAL: the reason, even empty). */
function finalItem(envelope: Envelope): unknown {
  const text = envelope.final_response ?? '';
  if (envelope.status === 'REQUIRES_CLARIFICATION') return { action: 'ask_user', question: text, why: '' };
  if (envelope.status === 'ERROR_INTERNAL') return { action: 'answer_user', answer: text };
  if (envelope.status === 'REQUIRES_ACTION' || text.trim() === '') return undefined;
  return { action: 'answer_user', answer: text };
}

/** Why a turn with no actions and no usable `final_response` decides nothing. */
function noDecision(envelope: Envelope): ReadFailure {
  const given = (envelope.final_response ?? '').trim() !== '';
  const message =
    envelope.status === 'REQUIRES_ACTION' && given
      ? 'status REQUIRES_ACTION with no actions: give the actions to run, or answer with status SUCCESS_FINAL and the final_response'
      : `status ${envelope.status} with no actions and no final_response`;
  return { kind: 'no-decision', message };
}

const runsSomething = (action: EnvelopeAction): boolean => action.type === 'tool' || isHandlerType(action.type);

/**
 * SUCCESS_FINAL ends the run with the turn's answer: tool and handler actions may come with it as
 * clean-up (seed 003), a question or `fail_step` disagrees with it, and it needs an answer (outputs
 * or `final_response`).
 */
function statusFailure(envelope: Envelope): ReadFailure | undefined {
  if (envelope.status !== 'SUCCESS_FINAL' || envelope.actions.length === 0) return undefined;
  const index = envelope.actions.findIndex((action) => action.type === 'workflow_control');
  if (index >= 0) {
    const action = envelope.actions[index] as EnvelopeAction;
    const message =
      `status SUCCESS_FINAL ends the run, but action ${index + 1} (\`${sanitizeName(action.action)}\`) needs another turn: ` +
      'use REQUIRES_CLARIFICATION to ask, or ERROR_INTERNAL to fail';
    return { kind: 'status-mismatch', message };
  }
  const answers = envelope.actions.some((action) => action.type === 'output') || (envelope.final_response ?? '').trim() !== '';
  if (answers) return undefined;
  return { kind: 'no-decision', message: 'status SUCCESS_FINAL with no answer: add send_response actions or a final_response' };
}

/** A text of the turn that may name variables, with the tool actions that run before it. */
interface Template {
  text: string;
  mode: 'strict' | 'lenient';
  /** `action N: ` when the turn has several actions. */
  at: string;
  pending: readonly string[];
}

/** Every string inside a tool's params (nested values included). */
function paramStrings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) paramStrings(item, into);
  else if (isRecord(value)) for (const item of Object.values(value)) paramStrings(item, into);
  return into;
}

/** The texts the runner fills (docs/protocols.md): output text, questions, reasons, tool params, the final_response it uses. */
function templatesOf(envelope: Envelope): Template[] {
  const templates: Template[] = [];
  const pending: string[] = [];
  const several = envelope.actions.length > 1;
  for (const [index, action] of envelope.actions.entries()) {
    const at = several ? `action ${index + 1}: ` : '';
    const params = action.params as Record<string, unknown>;
    const texts = runsSomething(action)
      ? paramStrings(params, []).map((text) => ({ text, mode: 'lenient' as const }))
      : ['text', 'query_to_user', 'context', 'reason'].flatMap((key) => (typeof params[key] === 'string' ? [{ text: params[key], mode: 'strict' as const }] : []));
    for (const text of texts) templates.push({ ...text, at, pending: pending.slice() });
    if (runsSomething(action)) pending.push(action.action);
  }
  const final = envelope.final_response ?? '';
  const usesFinal = envelope.actions.length === 0 || envelope.status === 'SUCCESS_FINAL' || envelope.status === 'ERROR_INTERNAL';
  if (usesFinal && final !== '') templates.push({ text: final, mode: 'strict', at: several || envelope.actions.length ? 'final_response: ' : '', pending });
  return templates;
}

/** The first `$(...)` of the turn that the turn cannot resolve (or, strictly, that is no variable at all). */
function variableFailure(envelope: Envelope, known: KnownVariables | undefined): ReadFailure | undefined {
  for (const template of templatesOf(envelope)) {
    const reading = readTemplate(template.text, template.mode);
    if (!reading.ok) return { kind: 'unknown-variable', message: template.at + reading.message };
    if (!known) continue;
    for (const part of reading.parts) {
      if (typeof part === 'string') continue;
      const unknown = unknownVariable(part.ref, { ...known, pending: template.pending });
      if (unknown) return { kind: 'unknown-variable', message: template.at + unknown };
    }
  }
  for (const [index, action] of envelope.actions.entries()) {
    const variable = action.type === 'output' ? (action.params as { variable?: unknown }).variable : undefined;
    const named = typeof variable === 'string' ? readVariable(variable) : undefined;
    const pending = envelope.actions.slice(0, index).filter(runsSomething).map((earlier) => earlier.action);
    const unknown = named && known ? unknownVariable(named, { ...known, pending }) : undefined;
    if (unknown) return { kind: 'unknown-variable', message: (envelope.actions.length > 1 ? `action ${index + 1}: ` : '') + unknown };
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
          return failedReading('envelope', noDecision(envelope));
        }
        items.push(item);
        actions.push({});
      }
      const repaired = json.repaired || textOutside(text, spans).trim() !== '' || spans.length > 1;
      const finalResponse = envelope.actions.length && envelope.final_response?.trim() ? { finalResponse: envelope.final_response } : {};
      // The envelope read is the turn; text and other JSON around it are prose (`stray-prose.ts`).
      const read: Array<readonly [number, number]> = [[span.start, span.end]];
      return { dialect: 'envelope', items, thoughts: envelope.thoughts, repaired, actions, status: envelope.status, spans: read, ...finalResponse };
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
