/**
 * The options of `createAgent`. Every policy has a documented default (DESIGN §5).
 */
import type { Model } from '../spec/model.ts';
import type { Codec, ProtocolName } from '../protocols/codec.ts';
import type { RunMeta } from '../sessions/run-records/run-record.ts';
import type { Store } from '../sessions/store.ts';
import type { ApprovalPolicy } from '../tools/approval-policy.ts';
import type { LocalTool } from '../tools/define-tool.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { UserChannelLike } from '../spec/user-channel.ts';
import type { RunObserver } from './run-observer.ts';

/** Tools: `defineTool` tools, a Toolbox (e.g. MCP), or a mix of both. */
export type AgentTools = Toolbox | ReadonlyArray<LocalTool | Toolbox>;

/** What `createAgent` takes: the model, the tools, the protocol and the policies of every run. */
export interface AgentOptions {
  /** The model that plans each turn. */
  model: Model;
  /** @default [] (the model can only ask the user or answer) */
  tools?: AgentTools;
  /**
   * The wire protocol, or a Codec: a codec made with options (`envelope({ state, handlers, fileRoots })`)
   * or your own. `auto` picks `native` when `model.supportsTools`, else `json`.
   * @default 'auto'
   */
  protocol?: ProtocolName | 'auto' | Codec;
  /**
   * Text placed before the protocol instructions in the system prompt (role, context).
   * @default undefined (the system prompt holds only the protocol instructions and the tool servers' instructions)
   */
  system?: string;
  /**
   * Answers `ask_user` decisions and approvals. Without it, the model is told no user is available
   * and calls that need approval are refused.
   * @default undefined (no user)
   */
  user?: UserChannelLike;
  /** Model turns with a valid decision before the run fails with MaxStepsError. @default 20 */
  maxSteps?: number;
  /** Invalid outputs re-prompted with a correction per turn, before RetriesExhaustedError. @default 3 */
  maxRetries?: number;
  /**
   * Times one streamed turn is streamed again after a retryable transport failure (a
   * `ModelCallError` with `isRetryable`, e.g. the connection cut mid-stream) before any decision was
   * accepted: the partial text is discarded, a `model-retry` event is emitted and the request is sent
   * again after an exponential backoff (or the server's Retry-After, up to 30 s). Separate from
   * `maxRetries` (invalid output) and from the model's own whole-call retries (`withRetry`): an error
   * a wrapper already retried (`attempts > 1`) is not retried again. The `generate` path is not retried here.
   * @default 2
   */
  maxTransportRetries?: number;
  /**
   * Actions accepted in one turn; they run in order, and a failing action stops the turn's later
   * ones (the model is told which ran). Above 1, a streamed turn is read to its end before it is
   * parsed, so streaming and `generate` accept the same turns (except the envelope, whose turn is one
   * JSON object: its stream stops once that object is read).
   * @default the protocol's `defaultMaxActions`: 8 for `envelope` (seed 003), 1 for the others (one decision per turn)
   */
  maxActionsPerTurn?: number;
  /**
   * Identical calls (same tool, same args) in a row that count as a loop. The Nth is not run: the
   * model gets a corrective observation; one more identical call ends the run with LoopDetectedError.
   * `Infinity` disables it.
   * @default 3
   */
  loopThreshold?: number;
  /**
   * Decides which calls need approval. The default follows the MCP annotations: a tool with
   * `readOnlyHint: true` or `destructiveHint: false` is allowed, any other MCP tool is `ask`, with or
   * without annotations (MCP's defaults say destructive). A local `defineTool` tool with no
   * annotations is allowed, so local tools do not nag. `ask` goes to `user.approve`; without it the
   * call is refused. `approvalFromConfig` (reins/mcp) adds allow/ask/deny rules from the config and
   * falls back on this same default (src/tools/approval-policy.ts).
   * @default defaultApproval
   */
  approval?: ApprovalPolicy;
  /** Per-call tool timeout in ms (a tool's own `timeoutMs` wins). @default 60_000 */
  toolTimeoutMs?: number;
  /** Total token budget (input + output over all model calls) before BudgetExceededError. @default undefined (no limit) */
  maxTokens?: number;
  /** Wall-time budget in ms for the whole run before BudgetExceededError. @default undefined (no limit) */
  maxDurationMs?: number;
  /**
   * When the run hits maxSteps, a loop or exhausted retries, make one last model turn that forbids
   * tools to get a best-effort answer. The run still ends `failed` with the limit error; the result
   * carries `answer` and `bestEffort: true`, and an `answer` event with `bestEffort: true` is emitted.
   * On by default for `xml`, whose seed (002) ends a run cut short with a "couldn't finish" answer.
   * @default true for protocol `xml`, else false
   */
  bestEffortAnswer?: boolean;
  /**
   * Stream turns when the model can (`model.stream`). With `maxActionsPerTurn` 1 the stream is stopped
   * once a complete valid decision is read and the model writes anything after it: the history keeps
   * the turn up to the end of the decision, and the model is told the rest (say a second call it
   * began) was not read. Usage of a stopped stream is estimated (`RunResult.usageEstimated`). With
   * `maxActionsPerTurn` above 1 the whole turn is read first.
   * @default true
   */
  stream?: boolean;
  /**
   * Let the provider cache the prompt prefix each turn repeats: every request marks its stable prefix
   * (system prompt and tools) and its newest message as cache breakpoints (Anthropic, Bedrock) and
   * names the run as OpenAI's prompt cache key; a `llama:` model keeps the run's evaluated tokens.
   * Requests only ever grow, so each one starts with the previous one's bytes. `false` sends no
   * markers and no key (providers that cache on their own, such as Gemini, still may).
   * @default true
   */
  promptCache?: boolean;
  /** Sampling temperature passed to the model. @default undefined (the model's default) */
  temperature?: number;
  /**
   * Output tokens per model turn. A reply cut at the cap (finish reason `length`) is corrected like
   * any invalid reply (unless it is a complete tool call), and the run ends with a typed error when
   * the retries are spent: a model that never stops cannot run for ever.
   * @default the model's `defaultMaxOutputTokens` (`llama:`: a quarter of its context, at most 1 024), else 4 096
   */
  maxOutputTokens?: number;
  /**
   * Keeps every run durably (e.g. `SqliteStore` from `reins/sessions`) so it can be listed, shown and
   * resumed (`agent.resume`). Each event becomes a record; a record is committed before the next
   * model call, tool call or question to the human, and an event reaches the run's iterator only
   * after its record is committed. The store assigns the run id: `run.runId` (and every event's
   * `runId`) is the store's id from the first event on. A failing store fails the run.
   * @default undefined (runs are not kept)
   */
  store?: Store;
  /**
   * Called synchronously with every event as the loop emits it (before it is stored or delivered),
   * for every run and resume of this agent; a throwing observer is ignored. `createAgent` from
   * `reins` adds the OpenTelemetry observer here (see `telemetry`).
   * @default []
   */
  observers?: readonly RunObserver[];
}

/** What `agent.run(question, options)` takes. */
export interface RunOptions {
  /**
   * Aborting ends the run with status `cancelled` (RunCancelledError).
   * @default undefined (the run can only end by itself or by `maxDurationMs`)
   */
  signal?: AbortSignal;
  /**
   * With a `store`: what is kept with the new run besides the question (redacted by the store).
   * @default { model: '<provider>:<modelId>', protocol: <the agent's protocol> }
   */
  meta?: Partial<Omit<RunMeta, 'question'>>;
}

/** What `agent.resume(runId, options)` takes. */
export interface ResumeOptions {
  /**
   * Aborting ends the resumed run with status `cancelled`; it can be resumed again.
   * @default undefined (the run can only end by itself or by `maxDurationMs`)
   */
  signal?: AbortSignal;
  /** Where the run is kept. @default the agent's `store` */
  store?: Store;
}
