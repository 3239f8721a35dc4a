/**
 * The tool list of the text protocols' system prompts: TypeScript-like types instead of raw JSON
 * Schema (`npm run bench -- cost` measures it against the raw definitions). A tool whose parameters
 * have no descriptions is one signature line:
 *   - move_file(source: string, destination: string): Move or rename files and directories...
 * one with described parameters gets a line per parameter, its name and type said once:
 *   - read_text_file: Read the complete contents of a file...
 *       path: string
 *       tail?: number - If provided, returns only the last N lines of the file
 * Types: string, number, integer, boolean, arrays as `T[]`, objects as `{a: T, b?: U}`, enums and
 * consts as literal unions; anything else as `any`. Defaults are shown as `= value`, and a
 * description loses only what the line already says ("Optional:", "Default is X."). Constraints
 * the types leave out (minimum, pattern, format...) are still enforced: arguments are validated
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

/** A schema as a TypeScript-like type; `or` joins the members of a union (`|` unless a protocol needs it). */
export function typeOf(schema: Schema | undefined, or = '|'): string {
  if (!schema || typeof schema !== 'object') return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(or);
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((member) => typeOf(member, or)).join(or);
  if (Array.isArray(schema.type)) return schema.type.map((type) => typeOf({ ...schema, type }, or)).join(or);
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return schema.type;
    case 'array':
      return `${wrap(typeOf(schema.items, or), or)}[]`;
    case 'object':
      return schema.properties ? `{${fields(schema, or).join(', ')}}` : 'object';
    default:
      return schema.properties ? `{${fields(schema, or).join(', ')}}` : 'any';
  }
}

const wrap = (type: string, or: string) => (type.includes(or) ? `(${type})` : type);

function fields(schema: Schema, or = '|'): string[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => field(schema, name, property, or));
}

/** `name?: type = default` of one property of `schema`. */
function field(schema: Schema, name: string, property: Schema | undefined, or = '|'): string {
  const fallback = property && 'default' in property ? ` = ${JSON.stringify(property.default)}` : '';
  return `${name}${schema.required?.includes(name) ? '' : '?'}: ${typeOf(property, or)}${fallback}`;
}

/**
 * A property's description without what its signature already says: an "Optional:" or "(optional)"
 * on a property the signature marks `?`, a "Default is X." on one whose `= X` it shows.
 */
function ownWords(description: string, optional: boolean, hasDefault: boolean): string {
  let text = description.trim().replace(/\s+/g, ' ');
  if (optional) text = text.replace(/^\(?optional\)?[:.,]?\s*/i, '').replace(/\s*\(optional\)\.?$/i, '');
  if (hasDefault) text = text.replace(/\s*\(?\bdefaults?(?: is| to|:)?\s+[^.()]*[.)]?\s*$/i, '');
  return text;
}

/** A top-level property's own description, shortened where the signature says it; undefined when none is left. */
function ownLine(schema: Schema, name: string, property: Schema | undefined): string | undefined {
  if (!property?.description) return undefined;
  return ownWords(property.description, !schema.required?.includes(name), 'default' in property) || undefined;
}

/** The descriptions inside a top-level property (an object's fields, an array's items' fields). */
function nestedDescriptions(name: string, property: Schema | undefined): string[] {
  const inner = property?.type === 'array' ? property.items : property;
  return inner?.properties ? descriptions(inner, `${name}${property?.type === 'array' ? '[]' : ''}.`) : [];
}

/** Property descriptions, nested ones included, one line each (`path: description`). */
function descriptions(schema: Schema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const words = property?.description ? ownWords(property.description, !required.has(name), 'default' in property) : '';
    const own = words ? [`${path}: ${words}`] : [];
    const inner = property?.type === 'array' ? property.items : property;
    return [...own, ...(inner?.properties ? descriptions(inner, `${path}${property?.type === 'array' ? '[]' : ''}.`) : [])];
  });
}

/** How a protocol writes a signature line; the parameter lines are the same for all. */
export interface ToolListStyle {
  /** Joins union members (`|`, or " or " where `|` separates params). */
  or: string;
  /** The signature of a tool without parameter descriptions, e.g. `name(a: T, b?: U)`. */
  signature(name: string, params: string[]): string;
  /** Between the name (or signature) and the tool's description, e.g. `: `. */
  describedAs: string;
}

const typeScriptStyle: ToolListStyle = { or: '|', signature: (name, params) => `${name}(${params.join(', ')})`, describedAs: ': ' };

export function renderToolList(tools: readonly ToolSpec[], style: ToolListStyle = typeScriptStyle): string {
  if (tools.length === 0) return '(no tools are available)';
  return tools.map((tool) => renderTool(tool, style)).join('\n');
}

/**
 * Without parameter descriptions: one signature line. With them: a line per parameter
 * (`name?: type = default - description`), in declaration order, so a name and its type are said
 * once, not in the signature and again beside the description.
 */
function renderTool(tool: ToolSpec, style: ToolListStyle): string {
  const schema = tool.inputSchema as Schema;
  const description = tool.description ? `${style.describedAs}${tool.description.trim().replace(/\s+/g, ' ')}` : '';
  const entries = Object.entries(schema.properties ?? {});
  const described = entries.some(([name, property]) => ownLine(schema, name, property) !== undefined);
  if (!described) return `- ${style.signature(tool.name, fields(schema, style.or))}${description}`;
  const lines = entries.map(([name, property]) => {
    const words = ownLine(schema, name, property);
    return [`${field(schema, name, property, style.or)}${words ? ` - ${words}` : ''}`, ...nestedDescriptions(name, property)];
  });
  return `- ${tool.name}${description}${lines.flat().map((line) => `\n    ${line}`).join('')}`;
}
