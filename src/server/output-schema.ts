/**
 * The schema a structured reply must match: its JSON Schema (shown to the model or sent as a forced
 * tool) and its validator (the Standard Schema's own `validate`, so Zod refinements and transforms apply).
 */
import { z } from 'zod';
import type { JsonSchema } from '../spec/decision.ts';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { formatIssues, isStandardSchema, type StandardSchemaLike } from '../tools/tool-input-schema.ts';

export type SchemaCheck = { ok: true; value: unknown } | { ok: false; details: string[] };

export interface OutputSchema {
  jsonSchema: JsonSchema;
  check(value: unknown): Promise<SchemaCheck>;
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The JSON Schema of a Zod schema or a Standard Schema; `fallback` when the schema exposes none. */
export function jsonSchemaOf(schema: StandardSchemaLike, fallback?: JsonSchema): JsonSchema {
  try {
    if (fallback) return fallback;
    if (isZodSchema(schema)) return z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
    const converter = schema['~standard'].jsonSchema;
    if (converter) return converter.input({ target: 'draft-2020-12' });
  } catch (cause) {
    throw new SampleConfigError(`Cannot build a JSON Schema from the schema: ${(cause as Error).message}`, {
      reason: 'invalid-schema',
      cause,
    });
  }
  throw new SampleConfigError(
    `The ${schema['~standard'].vendor} schema exposes no JSON Schema (~standard.jsonSchema); pass the \`jsonSchema\` option.`,
    { reason: 'invalid-schema' },
  );
}

/** Runs a Standard Schema's validator (sync or async) and formats its issues. */
export async function checkStandard(schema: StandardSchemaLike, value: unknown): Promise<SchemaCheck> {
  const validate = schema['~standard'].validate;
  if (!validate) return { ok: true, value };
  const outcome = await validate(value);
  if (outcome.issues) return { ok: false, details: formatIssues(outcome.issues) };
  return { ok: true, value: outcome.value };
}

export function outputSchema(schema: unknown, fallback?: JsonSchema): OutputSchema {
  if (!isStandardSchema(schema)) {
    throw new SampleConfigError('`schema` must be a Zod schema or another Standard Schema.', { reason: 'invalid-schema' });
  }
  return { jsonSchema: jsonSchemaOf(schema, fallback), check: (value) => checkStandard(schema, value) };
}
