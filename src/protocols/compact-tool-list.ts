/**
 * The tool list of the text protocols' system prompts: TypeScript-like signatures instead of raw JSON
 * Schema, about a third of the tokens (`npm run bench -- footprint`), e.g.
 *   - read_text_file(path: string, tail?: number, head?: number): Read the complete contents of a file...
 *       tail: If provided, returns only the last N lines of the file
 * Types: string, number, integer, boolean, arrays as `T[]`, objects as `{a: T, b?: U}`, enums and
 * consts as literal unions; anything else as `any`. Defaults are shown as `= value`. Constraints the
 * signature leaves out (minimum, pattern, format...) are still enforced: arguments are validated
 * against the full schema, and a violation comes back to the model as a precise correction.
 */
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';

type Schema = JsonSchema & {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  default?: unknown;
};

export function typeOf(schema: Schema | undefined): string {
  if (!schema || typeof schema !== 'object') return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join('|');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map(typeOf).join('|');
  if (Array.isArray(schema.type)) return schema.type.map((type) => typeOf({ ...schema, type })).join('|');
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return schema.type;
    case 'array':
      return `${wrap(typeOf(schema.items))}[]`;
    case 'object':
      return schema.properties ? `{${fields(schema).join(', ')}}` : 'object';
    default:
      return schema.properties ? `{${fields(schema).join(', ')}}` : 'any';
  }
}

const wrap = (type: string) => (type.includes('|') ? `(${type})` : type);

function fields(schema: Schema): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const fallback = property && 'default' in property ? ` = ${JSON.stringify(property.default)}` : '';
    return `${name}${required.has(name) ? '' : '?'}: ${typeOf(property)}${fallback}`;
  });
}

/** Nested property descriptions, one indented line each (`path: description`). */
function descriptions(schema: Schema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const own = property?.description ? [`${path}: ${property.description.trim().replace(/\s+/g, ' ')}`] : [];
    const inner = property?.type === 'array' ? property.items : property;
    return [...own, ...(inner?.properties ? descriptions(inner, `${path}${property?.type === 'array' ? '[]' : ''}.`) : [])];
  });
}

export function renderToolList(tools: readonly ToolSpec[]): string {
  if (tools.length === 0) return '(no tools are available)';
  return tools
    .map((tool) => {
      const schema = tool.inputSchema as Schema;
      const description = tool.description ? `: ${tool.description.trim().replace(/\s+/g, ' ')}` : '';
      const notes = descriptions(schema).map((line) => `\n    ${line}`).join('');
      return `- ${tool.name}(${fields(schema).join(', ')})${description}${notes}`;
    })
    .join('\n');
}
