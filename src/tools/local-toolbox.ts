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
import { formatIssues, isStandardSchema, type StandardResult } from './tool-input-schema.ts';
import type { ToolNotice } from './tool-notice.ts';
import { errorResult, type ToolCallOptions, type ToolProgress, type ToolResult, type Toolbox } from './toolbox.ts';
import { isPromiseLike, runTimedCall, TimedToolCall } from './with-tool-timeout.ts';
import { describeThrown } from '../errors/describe-thrown.ts';

/** A LocalToolbox's `#callNow`, for `callToolNow` (set by the class's static block). */
let callLocalNow: (toolbox: LocalToolbox, name: string, args: Record<string, unknown>, options: ToolCallOptions, reportProgress?: ReportProgress) => ToolResult | Promise<ToolResult>;

type ReportProgress = (progress: ToolProgress) => void;

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

  call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
    try {
      const answered = this.#callNow(name, args, options);
      return isPromiseLike(answered) ? answered : Promise.resolve(answered);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** `call`, answered synchronously when the tool answers so (and its own schema validates so); a synchronous failure is thrown. */
  #callNow(name: string, args: Record<string, unknown>, options: ToolCallOptions, reportProgress?: ReportProgress): ToolResult | Promise<ToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) throw new ToolNotFoundError(name, [...this.#tools.keys()]);
    // Only a tool with its own Standard Schema (Zod) validates here; a plain JSON Schema tool costs no await.
    const standard = isStandardSchema(tool.input) ? tool.input['~standard'] : undefined;
    if (typeof standard?.validate !== 'function') return runCall(tool, name, args, options, reportProgress);
    const checked = standard.validate(args);
    // A schema that validates synchronously (Zod's without async refinements) is not awaited either.
    if (isPromiseLike(checked)) return Promise.resolve(checked).then((result) => afterValidation(tool, name, result, options, reportProgress));
    return afterValidation(tool, name, checked, options, reportProgress);
  }

  static {
    callLocalNow = (toolbox, name, args, options, reportProgress) => toolbox.#callNow(name, args, options, reportProgress);
  }
}

const localCall = LocalToolbox.prototype.call;

/**
 * `toolbox.call`, but a LocalToolbox (with its own `call`, not an override or a replacement) answers
 * a tool that answers synchronously at once, with no promise; a synchronous failure (one `call`
 * would reject with) is thrown. Any other toolbox's `call` is called as it is.
 *
 * `reportProgress` is what a local tool gets as its context's `reportProgress`, for a caller whose
 * `options.onProgress` is a plain function of the progress alone (the loop's): given, no wrapper is
 * made per call. By default a local tool's reports go to `options.onProgress` as `call` sends them.
 */
export function callToolNow(
  toolbox: Toolbox,
  name: string,
  args: Record<string, unknown>,
  options: ToolCallOptions,
  reportProgress?: ReportProgress,
): ToolResult | PromiseLike<ToolResult> {
  return toolbox.call === localCall && toolbox instanceof LocalToolbox ? callLocalNow(toolbox, name, args, options, reportProgress) : toolbox.call(name, args, options);
}

function afterValidation(
  tool: LocalTool,
  name: string,
  result: StandardResult<unknown>,
  options: ToolCallOptions,
  reportProgress: ReportProgress | undefined,
): ToolResult | Promise<ToolResult> {
  if (result.issues) return errorResult(`Invalid arguments for ${name}:\n${formatIssues(result.issues).join('\n')}`);
  return runCall(tool, name, result.value as Record<string, unknown>, options, reportProgress);
}

/**
 * Runs the tool under the timeout and the caller's signal, its output normalised and its failures
 * typed in the same step (one `LocalToolCall`): settled at once, with no promise, for a tool that
 * answers synchronously; a synchronous failure is thrown.
 */
function runCall(tool: LocalTool, name: string, args: Record<string, unknown>, options: ToolCallOptions, reportProgress: ReportProgress | undefined): ToolResult | Promise<ToolResult> {
  return runTimedCall(new LocalCallOutcome(tool, name, args, options, reportProgress));
}

/**
 * One local call: what runs (the tool with its context) and how its outcome is mapped (the output
 * normalised, a failure typed). One object per call, with the timeout and cancellation of
 * `TimedToolCall`: no closures but the tool's `reportProgress` (none when the caller gave one).
 */
class LocalCallOutcome extends TimedToolCall<ToolOutput, ToolResult> {
  readonly #tool: LocalTool;
  readonly #name: string;
  readonly #args: Record<string, unknown>;
  readonly #options: ToolCallOptions;
  readonly #reportProgress: ReportProgress | undefined;

  constructor(tool: LocalTool, name: string, args: Record<string, unknown>, options: ToolCallOptions, reportProgress: ReportProgress | undefined) {
    super(name, options.signal, tool.timeoutMs ?? options.timeoutMs);
    this.#tool = tool;
    this.#name = name;
    this.#args = args;
    this.#options = options;
    this.#reportProgress = reportProgress;
  }

  protected run(signal: AbortSignal): ToolOutput | Promise<ToolOutput> {
    const options = this.#options;
    const reportProgress = this.#reportProgress ?? ((progress: ToolProgress) => options.onProgress?.(progress));
    return runLocalTool(this.#tool, this.#args, { signal, reportProgress, idempotencyKey: options.idempotencyKey });
  }

  protected value(output: ToolOutput): ToolResult {
    return resultOf(this.#name, output);
  }

  protected error(error: unknown): unknown {
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
    const detail = describeThrown(error);
    throw new InternalError(`tool ${name} result`, { cause: error, message: `Tool ${name} returned a value that cannot become a tool result: ${detail}` });
  }
}
