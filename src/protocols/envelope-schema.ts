/**
 * Seed 003's JSON envelope v0.3 as a JSON Schema: `status`, typed `thoughts`, `actions`, and the
 * optional `final_response`. Thought types are open (seed: "easily extendable").
 */
import type { JsonSchema } from '../spec/decision.ts';

export const ENVELOPE_STATUSES = ['SUCCESS_FINAL', 'REQUIRES_ACTION', 'REQUIRES_CLARIFICATION', 'ERROR_INTERNAL'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export interface EnvelopeAction {
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
