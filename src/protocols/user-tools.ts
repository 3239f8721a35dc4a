/**
 * `ask_user` and `answer_user` as tools: offered natively by the `native` protocol, and listed beside
 * the user's tools where a text protocol calls them like tools (`xml`).
 */
import type { ToolSpec } from '../spec/decision.ts';

export const ASK_USER_TOOL: ToolSpec = {
  name: 'ask_user',
  description: 'Ask the user a question when you need information only they can give.',
  inputSchema: {
    type: 'object',
    properties: { question: { type: 'string' }, why: { type: 'string', description: 'Why you need the answer.' } },
    required: ['question', 'why'],
    additionalProperties: false,
  },
};

export const ANSWER_USER_TOOL: ToolSpec = {
  name: 'answer_user',
  description: 'Give the final answer to the user and end the task.',
  inputSchema: {
    type: 'object',
    properties: { answer: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
    required: ['answer'],
    additionalProperties: false,
  },
};
