/**
 * Strict JSON Schema validation of tool arguments (DESIGN §4): Ajv, compiled once per schema.
 * Standalone: the loop, local tools, MCP tools and server-side sampling all reuse it.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema, ToolSpec } from '../decision.ts';
import { ConfigError } from '../errors/config-error.ts';

export type ValidationOutcome = { ok: true } | { ok: false; details: string[] };

const ajvOptions = { allErrors: true, strict: false, validateFormats: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
const bySchemaObject = new WeakMap<object, ValidateFunction>();
const bySchemaText = new Map<string, ValidateFunction>();
/** Bound on the string-keyed cache, so schemas built per call cannot grow it without limit. */
const maxCachedTexts = 500;

function ajvFor(schema: JsonSchema): Ajv | Ajv2020 {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect.includes('2020-12') || dialect.includes('2019-09')) return (draft2020 ??= new Ajv2020(ajvOptions));
  return (draft07 ??= new Ajv(ajvOptions));
}

/**
 * Compiles `schema` once and caches the validator (by object identity, then by JSON text).
 * Throws `ConfigError` when the schema itself is invalid: that is the tool author's fault, not the model's.
 */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const cached = bySchemaObject.get(schema);
  if (cached) return cached;
  const text = JSON.stringify(schema);
  let validate = bySchemaText.get(text);
  if (!validate) {
    try {
      // Ajv keys compiled schemas by $id; strip it so two tools sharing an $id do not collide.
      const { $id: _id, ...rest } = schema;
      validate = ajvFor(schema).compile(rest);
    } catch (cause) {
      throw new ConfigError(`Invalid JSON Schema: ${(cause as Error).message}`, { cause });
    }
    if (bySchemaText.size >= maxCachedTexts) bySchemaText.clear();
    bySchemaText.set(text, validate);
  }
  bySchemaObject.set(schema, validate);
  return validate;
}

/** Validates `value` against `schema`; details are short, precise messages such as `` `/n` must be integer ``. */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): ValidationOutcome {
  const validate = compileSchema(schema);
  if (validate(value)) return { ok: true };
  return { ok: false, details: describeErrors(validate.errors ?? []) };
}

/** Validates a tool call's arguments against the tool's `inputSchema`. */
export function validateToolArgs(tool: Pick<ToolSpec, 'inputSchema'>, args: unknown): ValidationOutcome {
  return validateAgainstSchema(tool.inputSchema, args);
}

/** Keeps only characters that are safe to echo back into a prompt as a name or a path. */
function safeName(value: unknown): string {
  return String(value)
    .replace(/[^A-Za-z0-9_.\-/]/g, '')
    .slice(0, 64);
}

/** Turns Ajv errors into one short line each; names coming from the model are sanitized. */
export function describeErrors(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((error) => {
    const path = safeName(error.instancePath);
    const where = path ? `\`${path}\`` : 'the value';
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        return `missing required property \`${safeName(`${path}/${String(params.missingProperty)}`)}\``;
      case 'additionalProperties':
        return `unexpected property \`${safeName(`${path}/${String(params.additionalProperty)}`)}\``;
      case 'enum':
        return `${where} must be one of ${JSON.stringify(params.allowedValues).slice(0, 200)}`;
      case 'const':
        return `${where} must be ${JSON.stringify(params.allowedValue).slice(0, 100)}`;
      default:
        return `${where} ${error.message ?? 'is invalid'}`;
    }
  });
  return [...new Set(lines)].slice(0, 8);
}
