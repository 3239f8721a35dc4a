/**
 * One envelope action (seed 003 v0.3) as a decision candidate and its notes. `type` picks who runs
 * it: `tool` -> a call of the toolbox tool named by `action`; `output` -> `send_response` (an
 * answer_user candidate whose `answer` is the text, or a file/variable source in the notes);
 * `workflow_control` -> `request_user_input` (ask_user: `why` is `context`, and `required_info` and
 * `context` stay in the notes) or `fail_step` (an answer_user candidate holding the reason, its
 * notes' type says it fails the run); `script`, `http_request`, `internal_function` -> a call run by
 * the caller's handler of that type, only when one is registered. Anything else is refused with the
 * types on offer; `skip_to` is refused as not offered.
 */
import { validateAgainstSchema } from '../../tools/schema-validator.ts';
import type { ActionNotes } from '../codec.ts';
import {
  BUILT_IN_TYPES,
  type EnvelopeAction,
  FAIL_STEP_PARAMS,
  HANDLER_TYPES,
  isHandlerType,
  REQUEST_USER_INPUT_PARAMS,
  SEND_RESPONSE_PARAMS,
  WORKFLOW_ACTIONS,
} from '../envelope-schema.ts';
import { readVariable, VARIABLE_FORMS } from '../envelope-variables.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName, sanitizeSnippet } from '../sanitize.ts';

export type ActionReading = { item: unknown; notes: ActionNotes } | { failure: ReadFailure };

/** The action types a turn may use: the built-in ones, then the handler types the caller registered. */
export function typesOnOffer(handlers: readonly string[]): string[] {
  return [...BUILT_IN_TYPES, ...HANDLER_TYPES.filter((type) => handlers.includes(type))];
}

function baseNotes({ type, confidence, warnings }: EnvelopeAction): ActionNotes {
  return { type, ...(confidence === undefined ? {} : { confidence }), ...(warnings === undefined ? {} : { warnings }) };
}

function paramsFailure(label: string, schema: Record<string, unknown>, params: unknown): ReadFailure | undefined {
  const valid = validateAgainstSchema(schema, params);
  return valid.ok ? undefined : { kind: 'schema', message: `invalid params of ${label}`, details: valid.details };
}

function outputItem(action: EnvelopeAction, notes: ActionNotes): ActionReading {
  if (action.action !== 'send_response') {
    return { failure: { kind: 'unknown-action', message: `type output offers send_response, not \`${sanitizeName(action.action)}\`` } };
  }
  const sources = ['text', 'file_path', 'variable'].filter((key) => key in action.params);
  if (sources.length !== 1) {
    const message = `send_response needs exactly one content source (text, file_path or variable); got ${sources.length ? sources.join(', ') : 'none'}`;
    return { failure: { kind: 'schema', message } };
  }
  const failure = paramsFailure('send_response', SEND_RESPONSE_PARAMS, action.params);
  if (failure) return { failure };
  const { text, file_path: filePath, variable } = action.params as { text?: string; file_path?: string; variable?: string };
  const confidence = action.confidence === undefined ? {} : { confidence: action.confidence };
  if (typeof variable === 'string' && !readVariable(variable)) {
    return { failure: { kind: 'unknown-variable', message: `unknown variable \`${sanitizeSnippet(variable, 40)}\`; variables are ${VARIABLE_FORMS}` } };
  }
  const source = typeof filePath === 'string' ? { source: { file_path: filePath } } : typeof variable === 'string' ? { source: { variable } } : {};
  return { item: { action: 'answer_user', answer: text ?? '', ...confidence }, notes: { ...notes, ...source } };
}

function workflowItem(action: EnvelopeAction, notes: ActionNotes): ActionReading {
  if (action.action === 'request_user_input') {
    const failure = paramsFailure('request_user_input', REQUEST_USER_INPUT_PARAMS, action.params);
    if (failure) return { failure };
    const params = action.params as { query_to_user: string; required_info?: string[]; context?: string };
    const extra = {
      ...(params.required_info === undefined ? {} : { requiredInfo: params.required_info }),
      ...(params.context === undefined ? {} : { context: params.context }),
    };
    return { item: { action: 'ask_user', question: params.query_to_user, why: params.context ?? '' }, notes: { ...notes, ...extra } };
  }
  if (action.action === 'fail_step') {
    const failure = paramsFailure('fail_step', FAIL_STEP_PARAMS, action.params);
    if (failure) return { failure };
    return { item: { action: 'answer_user', answer: (action.params as { reason: string }).reason }, notes };
  }
  const offered = WORKFLOW_ACTIONS.join(', ');
  const name = sanitizeName(action.action);
  const what = action.action === 'skip_to' ? '`skip_to` is not offered' : `unknown workflow_control action \`${name}\``;
  return { failure: { kind: 'unknown-action', message: `${what}; workflow_control actions: ${offered}` } };
}

export function readEnvelopeAction(action: EnvelopeAction, handlers: readonly string[]): ActionReading {
  const notes = baseNotes(action);
  const params = action.params;
  switch (action.type) {
    case 'tool':
      return { item: { action: 'call_tool', tool: action.action, args: params, reason: '' }, notes };
    case 'output':
      return outputItem(action, notes);
    case 'workflow_control':
      return workflowItem(action, notes);
    default: {
      if (isHandlerType(action.type) && handlers.includes(action.type)) {
        return { item: { action: 'call_tool', tool: action.action, args: params, reason: '' }, notes };
      }
      const offered = typesOnOffer(handlers).join(', ');
      const type = sanitizeName(action.type);
      const what = isHandlerType(action.type) ? `no \`${type}\` handler is registered` : `unknown action type \`${type}\``;
      return { failure: { kind: 'unknown-action', message: `${what}; types on offer: ${offered}` } };
    }
  }
}
