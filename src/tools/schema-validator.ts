/**
 * Strict JSON Schema validation of tool arguments (DESIGN §4): Ajv, compiled once per schema.
 * Standalone: the loop, local tools, MCP tools and server-side sampling all reuse it.
 *
 * Schemas are untrusted (an MCP server writes them), so compiling and validating must not block
 * the process: `pattern`/`patternProperties` run on a linear-time engine (re2js), and a schema over
 * the limits of `schemaLimits` is refused before Ajv sees it (the application's own, marked by
 * `trustSchema`, only when nested too deep); the meta-schema check and an enum's check are linear
 * in the schema's size, so an application's enum of 100 000 values compiles at once. Values are checked first for what JSON
 * cannot carry or reins cannot walk safely (`findValueProblem`: non-finite numbers, deep nesting).
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { RE2JS } from 're2js';
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import { ConfigError } from '../errors/config-error.ts';
import { metaSchemaProblem } from './meta-schema-problem.ts';
import { checkSchemaSize } from './schema-limits.ts';
import { normalizeSchemaTypes } from './schema-type-aliases.ts';
import { patternEngine, UnsupportedPatternError } from './pattern-engine.ts';
import { findValueProblem } from './value-limits.ts';
import { requirePackage } from './require-package.ts';

export type ValidationOutcome = { ok: true } | { ok: false; details: string[] };

/** Why a schema cannot be used: the reasons a tool is withheld for its schema. */
export interface SchemaProblem {
  reason: 'invalid-schema' | 'schema-too-large' | 'unsupported-pattern';
  detail: string;
}

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; problem: SchemaProblem };

/**
 * The meta-schema check runs before compiling (`metaSchemaProblem`: linear for long enums), not in
 * Ajv's compile; an enum longer than `loopEnum` is checked by a loop over its values, not by code
 * holding one comparison per value.
 */
const ajvOptions = { allErrors: true, strict: false, validateFormats: false, validateSchema: false, loopEnum: 32 } as const;
const engines = new Map<string, Ajv | Ajv2020>();
const bySchemaObject = new WeakMap<object, Compiled>();
const bySchemaText = new Map<string, Compiled>();
/** Bound on the string-keyed cache, so schemas built per call cannot grow it without limit. */
const maxCachedTexts = 500;
/** Schemas written by the tool's author in code (defineTool): patterns the linear engine cannot run fall back to JavaScript's. */
const trustedSchemas = new WeakSet<object>();

/**
 * Marks a schema as written by the application itself (defineTool does this): a `pattern` with
 * lookahead or a backreference then runs on JavaScript's RegExp instead of withholding the tool.
 * Never call it for schemas from MCP servers or other outside sources.
 */
export function trustSchema(schema: JsonSchema): void {
  trustedSchemas.add(schema);
}

/** Ajv (each build on its own) and re2js load when the first schema of their dialect is compiled (`requirePackage`). */
function loadPackage<T>(specifier: 'ajv' | 'ajv/dist/2020.js' | 're2js'): T {
  return requirePackage<T>(specifier, 'JSON Schema validation');
}

/** The dialect of a schema: 2020-12 (and 2019-09) by its `$schema`, draft-07 otherwise. */
function draftOf(schema: JsonSchema): '2020' | '07' {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  return dialect.includes('2020-12') || dialect.includes('2019-09') ? '2020' : '07';
}

function ajvFor(draft: '2020' | '07', trusted: boolean): Ajv | Ajv2020 {
  const key = `${draft}:${trusted ? 'trusted' : 'untrusted'}`;
  let ajv = engines.get(key);
  if (!ajv) {
    const linear = loadPackage<{ RE2JS: typeof RE2JS }>('re2js').RE2JS;
    const options = { ...ajvOptions, code: { regExp: patternEngine({ linear, nativeFallback: trusted }) } };
    ajv =
      draft === '2020'
        ? new (loadPackage<{ Ajv2020: typeof Ajv2020 }>('ajv/dist/2020.js').Ajv2020)(options)
        : new (loadPackage<{ Ajv: typeof Ajv }>('ajv').Ajv)(options);
    engines.set(key, ajv);
  }
  return ajv;
}

function compileFresh(schema: JsonSchema, trusted: boolean): Compiled {
  try {
    // Ajv keys compiled schemas by $id; strip it so two tools sharing an $id do not collide.
    const { $id: _id, ...rest } = schema;
    const draft = draftOf(schema);
    const ajv = ajvFor(draft, trusted);
    const invalid = metaSchemaProblem(ajv, rest, { uniqueEnums: draft === '07' });
    if (invalid) return { ok: false, problem: { reason: 'invalid-schema', detail: `Invalid JSON Schema: ${invalid}` } };
    return { ok: true, validate: ajv.compile(rest) };
  } catch (cause) {
    if (cause instanceof UnsupportedPatternError) return { ok: false, problem: { reason: 'unsupported-pattern', detail: cause.message } };
    return { ok: false, problem: { reason: 'invalid-schema', detail: `Invalid JSON Schema: ${(cause as Error).message}` } };
  }
}

function compiled(schema: JsonSchema): Compiled {
  const cached = bySchemaObject.get(schema);
  if (cached) return cached;
  const trusted = trustedSchemas.has(schema);
  const tooLarge = checkSchemaSize(schema, trusted);
  let outcome: Compiled;
  if (tooLarge) outcome = { ok: false, problem: { reason: 'schema-too-large', detail: tooLarge } };
  else {
    // Type aliases (`str`, `dict`) mean JSON Schema types; toolboxes report them where tools are registered.
    const readable = normalizeSchemaTypes(schema).schema;
    const text = `${trusted ? 't' : 'u'}${JSON.stringify(readable)}`;
    outcome = bySchemaText.get(text) ?? compileFresh(readable, trusted);
    if (bySchemaText.size >= maxCachedTexts) bySchemaText.clear();
    bySchemaText.set(text, outcome);
  }
  if (typeof schema === 'object' && schema !== null) bySchemaObject.set(schema, outcome);
  return outcome;
}

/** Why `schema` cannot be used to validate arguments, or undefined when it compiles. Never throws. */
export function schemaProblem(schema: JsonSchema): SchemaProblem | undefined {
  const outcome = compiled(schema);
  return outcome.ok ? undefined : outcome.problem;
}

/**
 * Compiles `schema` once and caches the validator (by object identity, then by JSON text).
 * Throws `ConfigError` when the schema is invalid, too large or uses a pattern the linear engine
 * cannot run: that is the tool author's fault, not the model's.
 */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const outcome = compiled(schema);
  if (!outcome.ok) throw new ConfigError(outcome.problem.detail);
  return outcome.validate;
}

/** Validates `value` against `schema`; details are short, precise messages such as `` `/n` must be integer ``. */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): ValidationOutcome {
  const validate = compileSchema(schema);
  const problem = findValueProblem(value);
  if (problem) return { ok: false, details: [problem] };
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
        // A long enum is shown by its first values (the message is cut at 200 characters anyway).
        return `${where} must be one of ${JSON.stringify(Array.isArray(params.allowedValues) ? params.allowedValues.slice(0, 50) : params.allowedValues).slice(0, 200)}`;
      case 'const':
        return `${where} must be ${JSON.stringify(params.allowedValue).slice(0, 100)}`;
      default:
        return `${where} ${error.message ?? 'is invalid'}`;
    }
  });
  return [...new Set(lines)].slice(0, 8);
}
