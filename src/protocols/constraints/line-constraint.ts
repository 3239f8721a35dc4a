/**
 * The `line` protocol's reply grammar: `FUNCTION_CALL: tool|p1|p2` with one branch per tool and its
 * params in property order (a string param is text without `|` or a line break, an enum one of its
 * values, any other param one-line JSON by its schema; optional params may be empty or left off at
 * the end), `ASK_USER: question|why`, or `FINAL_ANSWER: text` (always open).
 */
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import type { OutputConstraint, OutputPattern } from '../../spec/model.ts';
import type { ConstraintOptions } from '../codec.ts';
import { propertyOrder } from '../../tools/coerce-args.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function param(schema: unknown): OutputPattern {
  const property = isRecord(schema) ? schema : {};
  if (Array.isArray(property.enum) && property.enum.length > 0 && property.enum.every((value) => typeof value === 'string')) {
    return { kind: 'choice', options: (property.enum as string[]).map((text) => ({ kind: 'literal', text })) };
  }
  if (property.type === 'string') return { kind: 'text', exclude: '|\n', minLength: 1 };
  return { kind: 'json', schema: property as JsonSchema, singleLine: true };
}

function call(tool: ToolSpec): OutputPattern {
  const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.map(String) : []);
  const order = propertyOrder(tool.inputSchema);
  const lastRequired = order.reduce((last, name, index) => (required.has(name) ? index : last), -1);
  // Params after the last required one may be left off; each is `|value`, nested so they stop anywhere.
  let tail: OutputPattern | undefined;
  for (let index = order.length - 1; index > lastRequired; index--) {
    const item: OutputPattern = { kind: 'sequence', items: [{ kind: 'literal', text: '|' }, param(properties[order[index] as string]), ...(tail ? [tail] : [])] };
    tail = { kind: 'optional', item };
  }
  const head: OutputPattern[] = order.slice(0, lastRequired + 1).flatMap((name) => {
    const value = param(properties[name]);
    return [{ kind: 'literal', text: '|' }, required.has(name) ? value : { kind: 'optional', item: value }];
  });
  return { kind: 'sequence', items: [{ kind: 'literal', text: `FUNCTION_CALL: ${tool.name}` }, ...head, ...(tail ? [tail] : [])] };
}

export function lineConstraint(tools: readonly ToolSpec[], options: ConstraintOptions = {}): OutputConstraint {
  if (options.requireToolCall && tools.length > 0) return { pattern: { kind: 'choice', options: tools.map(call) } };
  const ask: OutputPattern = {
    kind: 'sequence',
    items: [{ kind: 'literal', text: 'ASK_USER: ' }, { kind: 'text', exclude: '|\n', minLength: 1 }, { kind: 'literal', text: '|' }, { kind: 'text', exclude: '\n' }],
  };
  const answer: OutputPattern = { kind: 'sequence', items: [{ kind: 'literal', text: 'FINAL_ANSWER: ' }, { kind: 'text', minLength: 1 }] };
  return { pattern: { kind: 'choice', options: [...tools.map(call), ask, answer] } };
}
