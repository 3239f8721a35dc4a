/**
 * The `json` protocol's reply grammar: one decision object of seed 000, in which `call_tool` is one
 * branch per tool (`tool` is its name, `args` its input schema). `ask_user` and `answer_user` are
 * always open.
 */
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import type { OutputConstraint } from '../../spec/model.ts';
import type { ConstraintOptions } from '../codec.ts';

const text = { type: 'string' } as const;

export function callBranch(tool: ToolSpec): JsonSchema {
  return {
    type: 'object',
    properties: { action: { const: 'call_tool' }, tool: { const: tool.name }, args: tool.inputSchema, reason: text },
    required: ['action', 'tool', 'args', 'reason'],
    additionalProperties: false,
  };
}

export const askBranch: JsonSchema = {
  type: 'object',
  properties: { action: { const: 'ask_user' }, question: { type: 'string', minLength: 1 }, why: text },
  required: ['action', 'question', 'why'],
  additionalProperties: false,
};

export const answerBranch: JsonSchema = {
  type: 'object',
  properties: { action: { const: 'answer_user' }, answer: { type: 'string', minLength: 1 } },
  required: ['action', 'answer'],
  additionalProperties: false,
};

export function jsonConstraint(tools: readonly ToolSpec[], options: ConstraintOptions = {}): OutputConstraint {
  const open = options.requireToolCall && tools.length > 0 ? [] : [askBranch, answerBranch];
  return { pattern: { kind: 'json', schema: { oneOf: [...tools.map(callBranch), ...open] } } };
}
