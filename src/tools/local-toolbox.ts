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
import { checkInputSchema, checkToolName, toToolResult, type LocalTool, type ToolOutput } from './define-tool.ts';
import { formatIssues, isStandardSchema } from './tool-input-schema.ts';
import { errorResult, type ToolCallOptions, type ToolResult, type Toolbox } from './toolbox.ts';
import { withToolTimeout } from './with-tool-timeout.ts';

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

  async call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) throw new ToolNotFoundError(name, [...this.#tools.keys()]);
    let callArgs = args;
    // Only a tool with its own Standard Schema (Zod) validates here; a plain JSON Schema tool costs no await.
    if (hasOwnValidator(tool)) {
      const checked = await validateWithOwnSchema(tool, args);
      if (!checked.ok) return errorResult(`Invalid arguments for ${name}:\n${checked.details.join('\n')}`);
      callArgs = checked.args;
    }
    let output: ToolOutput;
    try {
      output = await withToolTimeout(
        (signal) => tool.execute(callArgs, { signal, reportProgress: (progress) => options.onProgress?.(progress), idempotencyKey: options.idempotencyKey }),
        { toolName: name, signal: options.signal, timeoutMs: tool.timeoutMs ?? options.timeoutMs },
      );
    } catch (error) {
      if (ToolTimeoutError.isInstance(error) || options.signal?.aborted) throw error;
      if (ReinsError.isInstance(error) && error.fault === 'tool') throw error;
      throw new ToolExecutionError(name, { cause: error });
    }
    try {
      return toToolResult(output);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new InternalError(`tool ${name} result`, { cause: error, message: `Tool ${name} returned a value that cannot become a tool result: ${detail}` });
    }
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
