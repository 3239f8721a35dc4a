/**
 * The `xml` protocol's reply grammar: one `<tool_code>` call whose `<name>` is a tool (or the
 * `ask_user` pseudo-tool) and whose `<parameters>` is that tool's input schema as JSON, or the
 * answer in `<final_answer>` (always open; it cannot contain `<`).
 */
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import type { OutputConstraint, OutputPattern } from '../../spec/model.ts';
import type { ConstraintOptions } from '../codec.ts';

const askSchema: JsonSchema = {
  type: 'object',
  properties: { question: { type: 'string', minLength: 1 }, why: { type: 'string' } },
  required: ['question', 'why'],
  additionalProperties: false,
};

function call(name: string, schema: JsonSchema): OutputPattern {
  return {
    kind: 'sequence',
    items: [
      { kind: 'literal', text: `<tool_code>\n<name>${name}</name>\n<parameters>\n` },
      { kind: 'json', schema },
      { kind: 'literal', text: '\n</parameters>\n</tool_code>' },
    ],
  };
}

export function xmlConstraint(tools: readonly ToolSpec[], options: ConstraintOptions = {}): OutputConstraint {
  const calls = tools.map((tool) => call(tool.name, tool.inputSchema));
  if (options.requireToolCall && calls.length > 0) return { pattern: { kind: 'choice', options: calls } };
  const answer: OutputPattern = {
    kind: 'sequence',
    items: [{ kind: 'literal', text: '<final_answer>\n' }, { kind: 'text', exclude: '<', minLength: 1 }, { kind: 'literal', text: '</final_answer>' }],
  };
  return { pattern: { kind: 'choice', options: [...calls, call('ask_user', askSchema), answer] } };
}
