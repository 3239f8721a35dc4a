/**
 * The JSON Schema validator reins gives the MCP SDK's Client (`jsonSchemaValidator` option), used
 * to check a tool's `structuredContent` against its `outputSchema`. The SDK's default (Ajv with
 * JavaScript's RegExp, no size limits) would let a server freeze reins with its own schema and
 * result (`pattern: "^(a+)+$"` against 50 characters, or a 100 000-value enum); this one reuses
 * reins' schema validator: linear-time patterns and bounded schemas. A schema it refuses throws, and
 * the SDK then fails only that tool's calls ("invalid outputSchema").
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import type { JsonSchema } from '../spec/decision.ts';
import { compileSchema, describeErrors } from '../tools/schema-validator.ts';

export const linearSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = compileSchema(schema as JsonSchema);
    return (input: unknown) =>
      validate(input)
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: describeErrors(validate.errors ?? []).join(', ') };
  },
};
