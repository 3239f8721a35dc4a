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
import { normalizeToolSpec } from './normalize-tool-spec.ts';
import { formatIssues, isStandardSchema } from './tool-input-schema.ts';
import type { ToolNotice } from './tool-notice.ts';
import { errorResult, type ToolCallOptions, type ToolProgress, type ToolResult, type Toolbox } from './toolbox.ts';
import { withToolTimeout } from './with-tool-timeout.ts';
import { describeThrown } from '../errors/describe-thrown.ts';

/** The Toolbox of an application's own tools (`defineTool`), with their schemas checked when registered. */
export class LocalToolbox implements Toolbox {
  readonly #tools = new Map<string, LocalTool>();
  /** The specs in order (type aliases of a hand-made spec read as JSON Schema types); the tools never change after construction. */
  readonly #specs: ToolSpec[] = [];
  /** What was normalized in the tools' schemas, by `defineTool` or here. */
  readonly #notices: ToolNotice[] = [];

  /** @throws ConfigError when two tools share a name, a name is reserved or a tool's input schema cannot be used. */
  constructor(tools: readonly LocalTool[] = []) {
    for (const tool of tools) {
      if (this.#tools.has(tool.spec.name)) throw new ConfigError(`Two local tools are named ${tool.spec.name}.`);
      checkToolName(tool.spec.name);
      const { spec, notice } = normalizeToolSpec(tool.spec);
      checkInputSchema(spec);
      this.#tools.set(spec.name, tool);
      this.#specs.push(spec);
      this.#notices.push(...(tool.notices ?? []), ...(notice ? [notice] : []));
    }
  }

  list(): ToolSpec[] {
    return this.#specs.slice();
  }

  /** The tools whose schemas named type aliases (`tool-normalize`): each is offered with the JSON Schema types they mean. */
  notices(): ToolNotice[] {
    return this.#notices.slice();
  }

  async call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) throw new ToolNotFoundError(name, [...this.#tools.keys()]);
    // A tool with its own Standard Schema (Zod) validates here, so its defaults and transforms apply.
    const standard = isStandardSchema(tool.input) ? tool.input['~standard'] : undefined;
    let input = args;
    if (typeof standard?.validate === 'function') {
      const checked = await standard.validate(args);
      if (checked.issues) return errorResult(`Invalid arguments for ${name}:\n${formatIssues(checked.issues).join('\n')}`);
      input = checked.value as Record<string, unknown>;
    }
    const reportProgress = (progress: ToolProgress) => options.onProgress?.(progress);
    let output: ToolOutput;
    try {
      output = await withToolTimeout((signal) => runLocalTool(tool, input, { signal, reportProgress, idempotencyKey: options.idempotencyKey }), {
        toolName: name,
        signal: options.signal,
        timeoutMs: tool.timeoutMs ?? options.timeoutMs,
      });
    } catch (error) {
      throw toolFailure(name, error, options.signal);
    }
    return resultOf(name, output);
  }
}

/** A timeout, a cancellation or a tool's own typed failure as it is; anything else the tool threw as a ToolExecutionError. */
function toolFailure(name: string, error: unknown, signal: AbortSignal | undefined): unknown {
  if (ToolTimeoutError.isInstance(error) || signal?.aborted) return error;
  if (ReinsError.isInstance(error) && error.fault === 'tool') return error;
  return new ToolExecutionError(name, { cause: error });
}

/** The output as a tool result; one that cannot become a result is a bug in the tool: InternalError. */
function resultOf(name: string, output: ToolOutput): ToolResult {
  try {
    return toToolResult(output);
  } catch (error) {
    const detail = describeThrown(error);
    throw new InternalError(`tool ${name} result`, { cause: error, message: `Tool ${name} returned a value that cannot become a tool result: ${detail}` });
  }
}
