/**
 * The `envelope` protocol's reply grammar: one envelope (seed 003) with one action whose `params`
 * is the called tool's input schema, or `request_user_input`, or `send_response` (always open). The
 * status matches the action; thoughts are typed (known types) and at most a few.
 */
import { THOUGHT_TYPES, type JsonSchema, type ToolSpec } from '../../spec/decision.ts';
import type { OutputConstraint } from '../../spec/model.ts';
import type { ConstraintOptions } from '../codec.ts';

function envelope(status: string, action: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      status: { const: status },
      thoughts: {
        type: 'array',
        maxItems: 4,
        items: {
          type: 'object',
          properties: { type: { enum: [...THOUGHT_TYPES] }, content: { type: 'string' } },
          required: ['type', 'content'],
          additionalProperties: false,
        },
      },
      actions: { type: 'array', prefixItems: [action], minItems: 1, maxItems: 1 },
      final_response: { type: 'string' },
    },
    required: ['status', 'thoughts', 'actions', 'final_response'],
    additionalProperties: false,
  };
}

function action(name: string, type: string, params: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: { action: { const: name }, type: { const: type }, params },
    required: ['action', 'type', 'params'],
    additionalProperties: false,
  };
}

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

export function envelopeConstraint(tools: readonly ToolSpec[], options: ConstraintOptions = {}): OutputConstraint {
  const nonEmpty = { type: 'string', minLength: 1 };
  const calls = tools.map((tool) => envelope('REQUIRES_ACTION', action(tool.name, 'tool', tool.inputSchema)));
  if (options.requireToolCall && calls.length > 0) return { pattern: { kind: 'json', schema: { oneOf: calls } } };
  const branches = [
    ...calls,
    envelope('REQUIRES_CLARIFICATION', action('request_user_input', 'workflow_control', object({ query_to_user: nonEmpty, context: { type: 'string' } }))),
    envelope('SUCCESS_FINAL', action('send_response', 'output', object({ text: nonEmpty }))),
  ];
  return { pattern: { kind: 'json', schema: { oneOf: branches } } };
}
