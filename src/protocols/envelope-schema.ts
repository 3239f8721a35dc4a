/**
 * Seed 003's JSON envelope v0.3 as a JSON Schema: `status`, typed `thoughts`, `actions`, and the
 * optional `final_response`. Thought types are open (seed: "easily extendable").
 */
import type { JsonSchema } from '../spec/decision.ts';

export const ENVELOPE_STATUSES = ['SUCCESS_FINAL', 'REQUIRES_ACTION', 'REQUIRES_CLARIFICATION', 'ERROR_INTERNAL'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export interface EnvelopeAction {
  _comment?: string;
  action: string;
  type: string;
  params: Record<string, unknown>;
  confidence?: number;
  warnings?: string[];
}

export interface Envelope {
  status: EnvelopeStatus;
  thoughts: Array<{ type: string; content: string }>;
  actions: EnvelopeAction[];
  final_response?: string;
  llm_output_schema_version?: string;
}

/** The action types reins runs itself; `script`, `http_request` and `internal_function` need a caller's handler. */
export const BUILT_IN_TYPES = ['tool', 'output', 'workflow_control'] as const;
export const HANDLER_TYPES = ['script', 'http_request', 'internal_function'] as const;
export type HandlerType = (typeof HANDLER_TYPES)[number];

/** True for a type a caller's handler runs (`script`, `http_request`, `internal_function`). */
export function isHandlerType(type: string | undefined): type is HandlerType {
  return (HANDLER_TYPES as readonly string[]).includes(type ?? '');
}

/** `workflow_control` actions on offer (`skip_to` is not: it is corrected). */
export const WORKFLOW_ACTIONS = ['request_user_input', 'fail_step'] as const;

/** `params` of the built-in actions (seed 003 v0.3). */
export const SEND_RESPONSE_PARAMS = {
  type: 'object',
  properties: { text: { type: 'string' }, file_path: { type: 'string', minLength: 1 }, variable: { type: 'string', minLength: 1 } },
  oneOf: [{ required: ['text'] }, { required: ['file_path'] }, { required: ['variable'] }],
  additionalProperties: false,
} as const satisfies JsonSchema;

export const REQUEST_USER_INPUT_PARAMS = {
  type: 'object',
  required: ['query_to_user'],
  properties: {
    query_to_user: { type: 'string' },
    required_info: { type: 'array', items: { type: 'string' } },
    context: { type: 'string' },
  },
  additionalProperties: false,
} as const satisfies JsonSchema;

export const FAIL_STEP_PARAMS = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', minLength: 1 } },
  additionalProperties: false,
} as const satisfies JsonSchema;

export const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['status', 'thoughts', 'actions'],
  properties: {
    llm_output_schema_version: { type: 'string' },
    status: { enum: [...ENVELOPE_STATUSES] },
    thoughts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'content'],
        properties: { type: { type: 'string', minLength: 1 }, content: { type: 'string' } },
        additionalProperties: false,
      },
    },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['action', 'type', 'params'],
        properties: {
          _comment: { type: 'string' },
          action: { type: 'string', minLength: 1 },
          type: { type: 'string' },
          params: { type: 'object' },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
          warnings: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    },
    final_response: { type: 'string' },
  },
  additionalProperties: false,
} as const satisfies JsonSchema;
