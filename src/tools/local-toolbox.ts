/**
 * LocalToolbox: the Toolbox of `defineTool` tools. Validates arguments with the tool's own
 * Standard Schema when it has one (so Zod defaults and transforms apply), enforces the timeout,
 * passes the AbortSignal and progress reporting through, and normalises results. A result that
 * cannot be normalised (say a BigInt or a cycle in the returned value) is a bug: InternalError.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { ConfigError } from '../errors/config-error.ts';
import { InternalError } from '../errors/internal-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { ToolExecutionError } from '../errors/tool-execution-error.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';
import { checkInputSchema, checkToolName, runLocalTool, toToolResult, type LocalTool, type ToolOutput } from './define-tool.ts';
import { formatIssues, isStandardSchema } from './tool-input-schema.ts';
import { errorResult, type ToolCallOptions, type ToolResult, type Toolbox } from './toolbox.ts';
import { withToolTimeout, type ToolCallOutcome } from './with-tool-timeout.ts';

export class LocalToolbox implements Toolbox {
  readonly #tools = new Map<string, LocalTool>();

  /** @throws ConfigError when two tools share a name, a name is reserved or a tool's input schema does not compile. */
  constructor(tools: readonly LocalTool[] = []) {
    for (const tool of tools) {
      if (this.#tools.has(tool.spec.name)) throw new ConfigError(`Two local tools are named ${tool.spec.name}.`);
      checkToolName(tool.spec.name);
      checkInputSchema(tool.spec);
      this.#tools.set(tool.spec.name, tool);
    }
  }

  /** The specs in order; the tools never change after construction, so the list is made once (each caller gets a copy). */
  #specs: readonly ToolSpec[] | undefined;

  list(): ToolSpec[] {
    this.#specs ??= [...this.#tools.values()].map((tool) => tool.spec);
    return this.#specs.slice();
  }

  call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) return Promise.reject(new ToolNotFoundError(name, [...this.#tools.keys()]));
    // Only a tool with its own Standard Schema (Zod) validates here; a plain JSON Schema tool costs no await.
    if (hasOwnValidator(tool)) return validatedCall(tool, name, args, options);
    return runCall(tool, name, args, options);
  }
}

async function validatedCall(tool: LocalTool, name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolResult> {
  const checked = await validateWithOwnSchema(tool, args);
  if (!checked.ok) return errorResult(`Invalid arguments for ${name}:\n${checked.details.join('\n')}`);
  return runCall(tool, name, checked.args, options);
}

/**
 * Runs the tool under the timeout and the caller's signal, its output normalised and its failures
 * typed in the same promise (`ToolCallOutcome`): one promise per call, settled at once for a tool
 * that answers synchronously.
 */
function runCall(tool: LocalTool, name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolResult> {
  return withToolTimeout(
    (signal) => runLocalTool(tool, args, { signal, reportProgress: (progress) => options.onProgress?.(progress), idempotencyKey: options.idempotencyKey }),
    { toolName: name, signal: options.signal, timeoutMs: tool.timeoutMs ?? options.timeoutMs },
    new LocalCallOutcome(name, options),
  );
}

/**
 * How a local call's outcome is mapped: the output normalised, a failure typed. A class, not an
 * object of two closures: one small object per call instead of three and their shared context.
 */
class LocalCallOutcome implements ToolCallOutcome<ToolOutput, ToolResult> {
  readonly #name: string;
  readonly #options: ToolCallOptions;

  constructor(name: string, options: ToolCallOptions) {
    this.#name = name;
    this.#options = options;
  }

  value(output: ToolOutput): ToolResult {
    return resultOf(this.#name, output);
  }

  error(error: unknown): unknown {
    if (ToolTimeoutError.isInstance(error) || this.#options.signal?.aborted) return error;
    if (ReinsError.isInstance(error) && error.fault === 'tool') return error;
    return new ToolExecutionError(this.#name, { cause: error });
  }
}

/** The output as a tool result; one that cannot become a result is a bug in the tool: InternalError. */
function resultOf(name: string, output: ToolOutput): ToolResult {
  try {
    return toToolResult(output);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InternalError(`tool ${name} result`, { cause: error, message: `Tool ${name} returned a value that cannot become a tool result: ${detail}` });
  }
}

function hasOwnValidator(tool: LocalTool): boolean {
  return isStandardSchema(tool.input) && typeof tool.input['~standard'].validate === 'function';
}

async function validateWithOwnSchema(
  tool: LocalTool,
  args: Record<string, unknown>,
): Promise<{ ok: true; args: Record<string, unknown> } | { ok: false; details: string[] }> {
  if (!isStandardSchema(tool.input) || !tool.input['~standard'].validate) return { ok: true, args };
  const result = await tool.input['~standard'].validate(args);
  if (result.issues) return { ok: false, details: formatIssues(result.issues) };
  return { ok: true, args: result.value as Record<string, unknown> };
}
