/**
 * `defineTool`: a local tool for the LocalToolbox. The input schema (Zod 4, Standard Schema or
 * plain JSON Schema) becomes the JSON Schema the model sees; `execute` may return a string, a
 * ToolResult or any JSON value, normalised to a ToolResult. The JSON Schema is compiled at once, so
 * a schema Ajv cannot compile fails here with a ConfigError naming the tool, not later as the model's fault.
 */
import type { JsonSchema, ToolAnnotations, ToolSpec } from '../spec/decision.ts';
import { ConfigError } from '../errors/config-error.ts';
import { isReservedToolName, reservedToolNames } from './tool-names.ts';
import { schemaProblem, trustSchema, type SchemaProblem } from './schema-validator.ts';
import { normalizeSchemaTypes } from './schema-type-aliases.ts';
import type { ToolNotice } from './tool-notice.ts';
import { textResult, type ToolProgress, type ToolResult } from './toolbox.ts';
import { isStandardSchema, toInputJsonSchema, type InferToolArgs, type ToolInputSchema } from './tool-input-schema.ts';

/** What a local tool's `execute` gets beside its arguments: the call's signal, a progress callback and, in durable runs, an idempotency key. */
export interface ToolExecuteContext {
  /** Aborted when the run is cancelled or the tool times out: stop work and return or throw. */
  signal: AbortSignal;
  /** Reports progress; the loop emits it as a `tool-progress` event. */
  reportProgress: (progress: ToolProgress) => void;
  /**
   * The same for every attempt of this one call (a durable run: workflow id + step number): a tool
   * with an effect can use it to apply the effect at most once. Undefined when the caller gave none.
   */
  idempotencyKey?: string;
}

/** What `execute` may return: text, a ToolResult, or any JSON-serialisable value (sent as JSON text + structuredContent). */
export type ToolOutput = string | ToolResult | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown };

/** What `defineTool` takes: a name, a description, an input schema (zod, any Standard Schema or JSON Schema) and `execute`. */
export interface ToolDefinition<Input extends ToolInputSchema = ToolInputSchema> {
  /** Unique name the model calls the tool by (letters, digits, `_`, `-`); `ask_user` and `answer_user` are reserved. */
  name: string;
  /** What the tool does and when to use it; shown to the model. */
  description: string;
  /** Arguments: a Zod 4 schema, a Standard Schema exposing JSON Schema, or a plain JSON Schema. */
  input: Input;
  execute(args: InferToolArgs<Input>, context: ToolExecuteContext): ToolOutput | Promise<ToolOutput>;
  /**
   * MCP tool annotations. A local tool without annotations runs without approval; give
   * `{ destructiveHint: true }` (or omit `readOnlyHint`) to have calls approved first.
   * `idempotentHint: true` (or `readOnlyHint: true`) tells a durable run that a call interrupted
   * by a dead process may run again (with the same `context.idempotencyKey`).
   * @default undefined (no annotations: the default approval policy lets the tool run)
   */
  annotations?: ToolAnnotations;
  /**
   * Milliseconds before the call is abandoned with a ToolTimeoutError; overrides the agent's `toolTimeoutMs`.
   * @default undefined (the agent's `toolTimeoutMs`, 60 000 unless set)
   */
  timeoutMs?: number;
}

/** A tool made by `defineTool`: its spec plus what runs it. */
export interface LocalTool {
  readonly kind: 'reins.local-tool';
  readonly spec: ToolSpec;
  readonly input: ToolInputSchema;
  readonly timeoutMs?: number;
  /** What `defineTool` changed in the schema as written (type aliases read as JSON Schema types); the LocalToolbox reports them. */
  readonly notices?: readonly ToolNotice[];
  execute(args: Record<string, unknown>, context: ToolExecuteContext): Promise<ToolOutput>;
}

/**
 * Defines a local tool.
 * @throws ConfigError when the name is reserved (`ask_user`, `answer_user`), or the input schema cannot be
 * turned into JSON Schema or cannot be used (invalid, nested more than `schemaLimits.maxDepth` levels).
 * Its other limits are for schemas from servers: the application's own enum may hold 100 000 values.
 * @example
 * const add = defineTool({ name: 'add', description: 'Adds two numbers',
 *   input: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => String(a + b) });
 */
export function defineTool<Input extends ToolInputSchema>(definition: ToolDefinition<Input>): LocalTool {
  checkToolName(definition.name);
  // A plain JSON Schema may name types by their Python or Java aliases (`str`, `dict`): read as JSON Schema types, and reported.
  const written = isStandardSchema(definition.input) ? undefined : normalizeSchemaTypes(definition.input);
  const inputSchema: JsonSchema = toInputJsonSchema(definition.name, written?.schema ?? definition.input);
  // Written by the application, not by a server: a lookahead pattern (Zod's email) may run on JavaScript's RegExp.
  trustSchema(inputSchema);
  const spec: ToolSpec = { name: definition.name, description: definition.description, inputSchema };
  checkInputSchema(spec);
  if (definition.annotations) spec.annotations = definition.annotations;
  const tool: LocalTool = {
    kind: 'reins.local-tool',
    spec,
    input: definition.input,
    timeoutMs: definition.timeoutMs,
    ...(written && written.changes.length > 0 ? { notices: [{ type: 'tool-normalize', tool: definition.name, changes: written.changes }] } : {}),
    execute: async (args, context) => definition.execute(args as InferToolArgs<Input>, context),
  };
  definitions.set(tool, { definition: definition as unknown as ToolDefinition<ToolInputSchema>, execute: tool.execute });
  return tool;
}

/**
 * The definition behind each tool `defineTool` made, with the `execute` it was given (a copy, a
 * hand-made LocalTool or one whose `execute` was replaced runs its own `execute`).
 */
const definitions = new WeakMap<LocalTool, { definition: ToolDefinition<ToolInputSchema>; execute: LocalTool['execute'] }>();

/**
 * Runs a tool as its `execute` does, but a definition that answers synchronously is answered
 * synchronously: the toolbox then settles the call at once (`execute` itself always returns a
 * promise, as its type says). A tool that `defineTool` did not make runs its own `execute`.
 */
export function runLocalTool(tool: LocalTool, args: Record<string, unknown>, context: ToolExecuteContext): ToolOutput | Promise<ToolOutput> {
  const made = definitions.get(tool);
  return made && made.execute === tool.execute ? made.definition.execute(args as never, context) : tool.execute(args, context);
}

/**
 * Refuses the names reserved for the user decisions (`ask_user`, `answer_user`): a local tool is
 * the application's own code, so it is told at once rather than renamed behind its back.
 * @throws ConfigError naming the tool.
 */
export function checkToolName(name: string): void {
  if (isReservedToolName(name)) {
    throw new ConfigError(`Tool name ${name} is reserved.`, {
      hint: `${reservedToolNames.join(' and ')} are the decisions reins offers the model as tools; give your tool another name.`,
    });
  }
}

/** How each reason a schema cannot be used is said in the ConfigError. */
const schemaFaults: Record<SchemaProblem['reason'], string> = {
  'invalid-schema': 'an invalid input JSON Schema',
  'schema-too-large': 'an input JSON Schema that is too large',
  'unsupported-pattern': 'an input JSON Schema with a pattern reins cannot run in linear time',
};

/**
 * Compiles a tool's input JSON Schema (Ajv, cached for validation later).
 * @throws ConfigError naming the tool when the schema cannot be used (not valid JSON Schema, too
 * large): the tool author's fault, never the model's.
 */
export function checkInputSchema(spec: Pick<ToolSpec, 'name' | 'inputSchema'>): void {
  const problem = schemaProblem(spec.inputSchema);
  if (problem) throw new ConfigError(`Tool ${spec.name} has ${schemaFaults[problem.reason]}.`, { hint: problem.detail });
}

export function isLocalTool(value: unknown): value is LocalTool {
  return typeof value === 'object' && value !== null && (value as LocalTool).kind === 'reins.local-tool';
}

/** Normalises what `execute` returned: a string is text, a ToolResult passes, other JSON is text + structuredContent. */
export function toToolResult(output: ToolOutput): ToolResult {
  if (typeof output === 'string') return textResult(output);
  if (isToolResult(output)) return output;
  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(output) ?? 'null' }] };
  if (typeof output === 'object' && output !== null && !Array.isArray(output)) result.structuredContent = output;
  return result;
}

function isToolResult(value: unknown): value is ToolResult {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as ToolResult).content)) return false;
  return (value as ToolResult).content.every(
    (part) => typeof part === 'object' && part !== null && typeof (part as { type?: unknown }).type === 'string',
  );
}
