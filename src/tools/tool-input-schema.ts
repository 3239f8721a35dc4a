/**
 * What `defineTool({ input })` accepts, and how it becomes the JSON Schema the model sees:
 * a Zod 4 schema (`z.toJSONSchema`), any Standard Schema that also implements Standard JSON Schema
 * (`~standard.jsonSchema`), or a plain JSON Schema object.
 */
import { z } from 'zod';
import type { JsonSchema } from '../spec/decision.ts';
import { ConfigError } from '../errors/config-error.ts';

/** The Standard Schema v1 surface reins uses (validate + inferred types). */
export interface StandardSchemaLike<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    readonly validate?: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly jsonSchema?: { readonly input: (options: { target: string }) => Record<string, unknown> };
  };
}

export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }> };

export type ToolInputSchema = StandardSchemaLike | JsonSchema;

/** The argument type a tool's `execute` receives for a given input schema. */
export type InferToolArgs<Input> = Input extends StandardSchemaLike<infer Output>
  ? Output
  : Record<string, unknown>;

export function isStandardSchema(input: unknown): input is StandardSchemaLike {
  return typeof input === 'object' && input !== null && '~standard' in input;
}

function isZodSchema(input: unknown): input is z.ZodType {
  return typeof input === 'object' && input !== null && '_zod' in input;
}

/** The JSON Schema of a tool's input, for prompts and argument validation. Throws ConfigError when it cannot be built. */
export function toInputJsonSchema(toolName: string, input: ToolInputSchema): JsonSchema {
  try {
    let schema: JsonSchema;
    if (isZodSchema(input)) schema = z.toJSONSchema(input, { io: 'input' }) as JsonSchema;
    else if (isStandardSchema(input)) {
      const converter = input['~standard'].jsonSchema;
      if (!converter) throw new Error(`the ${input['~standard'].vendor} schema does not expose a JSON Schema`);
      schema = converter.input({ target: 'draft-2020-12' });
    } else schema = input;
    if (schema.type !== undefined && schema.type !== 'object') throw new Error('the input schema must describe an object');
    return schema.type === undefined ? { type: 'object', ...schema } : schema;
  } catch (error) {
    throw new ConfigError(`Tool ${toolName}: cannot build its input JSON Schema.`, {
      hint: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

/** Formats Standard Schema issues as `/path message` lines. */
export function formatIssues(issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }>): string[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment));
    return `${path.length > 0 ? `/${path.join('/')} ` : ''}${issue.message}`;
  });
}
