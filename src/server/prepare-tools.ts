/**
 * Turns the author's tool definitions into what the backends send (MCP-shaped `ToolSpec`s with a JSON
 * Schema) and into per-tool argument validators (the Standard Schema's own, or Ajv for JSON Schema).
 */
import type { ToolSpec } from '../spec/decision.ts';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { validateToolArgs } from '../tools/schema-validator.ts';
import { isStandardSchema, toInputJsonSchema } from '../tools/tool-input-schema.ts';
import { checkStandard, type SchemaCheck } from './output-schema.ts';
import type { SamplingToolDefinition } from './types.ts';

export interface PreparedTool {
  spec: ToolSpec;
  check(args: unknown): Promise<SchemaCheck>;
}

export function prepareTools(tools: readonly SamplingToolDefinition[]): PreparedTool[] {
  const names = new Set<string>();
  return tools.map((tool) => {
    if (names.has(tool.name)) {
      throw new SampleConfigError(`Two sampling tools are named \`${tool.name}\`.`, { reason: 'invalid-option' });
    }
    names.add(tool.name);
    let inputSchema: ToolSpec['inputSchema'];
    try {
      inputSchema = toInputJsonSchema(tool.name, tool.inputSchema);
    } catch (cause) {
      throw new SampleConfigError((cause as Error).message, { reason: 'invalid-schema', cause });
    }
    const spec: ToolSpec = { name: tool.name, inputSchema, ...(tool.description ? { description: tool.description } : {}) };
    const source = tool.inputSchema;
    const check = isStandardSchema(source)
      ? (args: unknown) => checkStandard(source, args)
      : async (args: unknown): Promise<SchemaCheck> => {
          const outcome = validateToolArgs(spec, args);
          return outcome.ok ? { ok: true, value: args } : { ok: false, details: outcome.details };
        };
    return { spec, check };
  });
}
