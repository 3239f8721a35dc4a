/**
 * The tool list of the text protocols' system prompts: TypeScript-like types instead of raw JSON
 * Schema (`npm run bench -- cost` measures it against the raw definitions). A tool whose parameters
 * have no descriptions is one signature line:
 *   - move_file(source, destination): Move or rename files and directories...
 * one with described parameters gets a line per parameter, its name and type said once:
 *   - read_text_file: Read the complete contents of a file...
 *    path
 *    tail?: number - If provided, returns only the last N lines of the file
 * Types: a parameter written without one is a string (`toolListLegend` tells the model), else
 * number, integer, boolean, arrays as `T[]`, objects as `{a: T, b?: U}`, enums and consts as
 * literal unions; anything else as `any`. `?` marks an optional parameter, `= value` its default.
 * A description loses only what the notation already says (own-words.ts). Parameter lines are
 * indented by one space: a run of spaces is a token of its own, one space joins the name's token.
 * Constraints the types leave out (minimum, pattern, format...) are still enforced: arguments are
 * validated against the full schema, and a violation comes back to the model as a precise correction.
 */
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import { ownWords, type PropertyFacts } from './own-words.ts';

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

/** How to read the list's notation; each codec says it once, above the list. */
export const toolListLegend = '? marks an optional parameter, = its default; a parameter without a type is a string';

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

/** `name?: type = default` of one property of `schema`; a string's type is left unwritten. */
function field(schema: Schema, name: string, property: Schema | undefined, or = '|'): string {
  const fallback = property && 'default' in property ? ` = ${JSON.stringify(property.default)}` : '';
  const type = typeOf(property, or);
  return `${name}${schema.required?.includes(name) ? '' : '?'}${type === 'string' ? '' : `: ${type}`}${fallback}`;
}

/** What the notation says of a property, so its description can leave it out. */
function factsOf(schema: Schema, name: string, property: Schema): PropertyFacts {
  const values = Array.isArray(property.enum) ? property.enum : Array.isArray(property.items?.enum) ? property.items.enum : undefined;
  return {
    optional: !schema.required?.includes(name),
    ...('default' in property ? { fallback: { value: property.default } } : {}),
    ...(values ? { values } : {}),
    ...(typeof property.type === 'string' ? { type: property.type } : {}),
  };
}

/** A property's own description, shortened where its notation says it; undefined when none is left. */
function ownLine(schema: Schema, name: string, property: Schema | undefined): string | undefined {
  if (!property || typeof property !== 'object' || typeof property.description !== 'string') return undefined;
  return ownWords(property.description, factsOf(schema, name, property)) || undefined;
}

/** The descriptions inside a property (an object's fields, an array's items' fields), one line each. */
function nestedDescriptions(path: string, property: Schema | undefined): string[] {
  const inner = property?.type === 'array' ? property.items : property;
  if (!inner?.properties) return [];
  const prefix = `${path}${property?.type === 'array' ? '[]' : ''}.`;
  return Object.entries(inner.properties).flatMap(([name, nested]) => {
    const words = ownLine(inner, name, nested);
    return [...(words ? [`${prefix}${name}: ${words}`] : []), ...nestedDescriptions(`${prefix}${name}`, nested)];
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
  const words = tool.description ? ownWords(tool.description) : '';
  const description = words ? `${style.describedAs}${words}` : '';
  const entries = Object.entries(schema.properties ?? {});
  const described = entries.some(([name, property]) => ownLine(schema, name, property) !== undefined || nestedDescriptions(name, property).length > 0);
  if (!described) return `- ${style.signature(tool.name, fields(schema, style.or))}${description}`;
  const lines = entries.flatMap(([name, property]) => {
    const own = ownLine(schema, name, property);
    return [`${field(schema, name, property, style.or)}${own ? ` - ${own}` : ''}`, ...nestedDescriptions(name, property)];
  });
  return `- ${tool.name}${description}${lines.map((line) => `\n ${line}`).join('')}`;
}
