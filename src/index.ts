/**
 * reins: run LLM agents on a tight rein (DESIGN §3). The root exports what a user calls or catches:
 * createAgent and its options, tools, the codecs and parseDecision, the decision and model specs, the
 * typed errors. Node-only parts (MCP stdio, CLI, sessions) live behind subpaths (`reins/mcp`,
 * `reins/sessions`, ...), what a codec author needs in `reins/protocols`, test doubles in `reins/testing`.
 */

// The loop
export type { Agent } from './loop/create-agent.ts';
export type { RunObserver } from './loop/run-observer.ts';
export type { AgentOptions, AgentTools, ResumeOptions, RunOptions } from './loop/agent-options.ts';
export type { ApprovalPolicy, ApprovalVerdict } from './tools/approval-policy.ts';
export type { AgentRun, RunResult } from './loop/run-result.ts';
export type { AgentEvent, AgentEventType, EventOf, RunStatus } from './spec/events.ts';
export { defaultApproval, defaultPolicies } from './loop/policies.ts';
export {
  toUserChannel,
  type ApprovalRequest,
  type ElicitationReply,
  type ElicitationRequest,
  type UserChannel,
  type UserChannelLike,
  type UserQuestion,
} from './spec/user-channel.ts';

// OpenTelemetry: createAgent traces every run through @opentelemetry/api (the global provider, or `telemetry.tracer`)
export { createAgent, type TracedAgentOptions } from './agent.ts';
export { telemetryObserver } from './telemetry/telemetry-observer.ts';
export type { TelemetryOptions, TracedAgent } from './telemetry/telemetry-options.ts';

// Tools
export { defineTool, type LocalTool, type ToolDefinition, type ToolExecuteContext, type ToolOutput } from './tools/define-tool.ts';
export { LocalToolbox } from './tools/local-toolbox.ts';
export { mergeToolboxes } from './tools/merge-toolboxes.ts';
export { schemaProblem, validateToolArgs, type SchemaProblem } from './tools/schema-validator.ts';
export { describeToolNotice, type ToolNotice, type ToolRenameReason } from './tools/tool-notice.ts';
export { errorResult, textResult, type ToolCallOptions, type ToolContent, type ToolProgress, type ToolResult, type Toolbox } from './tools/toolbox.ts';

// Protocols and decisions
export { getCodec, protocols } from './protocols/get-codec.ts';
export { envelope } from './protocols/envelope/envelope-codec.ts';
export type { ActionHandler, ActionHandlers, EnvelopeOptions } from './protocols/envelope/envelope-options.ts';
export { parseDecision } from './protocols/parse-decision.ts';
// What parseDecision and a codec return; writing a codec (history strategies, completion checks, the
// envelope's turn runner, the render inputs) is `reins/protocols`.
export type { ActionNotes, Codec, ParseOptions, ParseResult, ProtocolName } from './protocols/codec.ts';
export {
  ANSWER_USER_SCHEMA,
  ASK_USER_SCHEMA,
  CALL_TOOL_SCHEMA,
  DECISION_SCHEMA,
  THOUGHT_TYPES,
  type AnswerUserDecision,
  type AskUserDecision,
  type CallToolDecision,
  type Decision,
  type DecisionAction,
  type JsonSchema,
  type KnownThoughtType,
  type Thought,
  type ToolAnnotations,
  type ToolSpec,
} from './spec/decision.ts';

// Models (the spec only; adapters are in `reins/models`)
export type {
  FinishReason,
  Model,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelToolCall,
  ToolChoice,
  Usage,
} from './spec/model.ts';

// Errors (each from its own file: the errors/ barrel is for the subpaths)
export { ReinsError, type ErrorFault } from './errors/reins-error.ts';
export { ConfigError } from './errors/config-error.ts';
export { InvalidDecisionError, type InvalidDecisionKind } from './errors/invalid-decision-error.ts';
export type { RunSnapshot } from './errors/run-snapshot.ts';
export { MaxStepsError } from './errors/max-steps-error.ts';
export { RetriesExhaustedError } from './errors/retries-exhausted-error.ts';
export { LoopDetectedError } from './errors/loop-detected-error.ts';
export { BudgetExceededError, type BudgetKind } from './errors/budget-exceeded-error.ts';
export { RunCancelledError } from './errors/run-cancelled-error.ts';
export { ToolExecutionError } from './errors/tool-execution-error.ts';
export { ToolTimeoutError } from './errors/tool-timeout-error.ts';
export { ToolNotFoundError } from './errors/tool-not-found-error.ts';
export { ToolWithheldError, type ToolWithheldReason } from './errors/tool-withheld-error.ts';
export { ApprovalDeniedError } from './errors/approval-denied-error.ts';
export { ScriptExhaustedError } from './errors/script-exhausted-error.ts';
export { ScriptIncompleteError } from './errors/script-incomplete-error.ts';
export { UserChannelError } from './errors/user-channel-error.ts';
export { ModelCallError } from './errors/model-call-error.ts';
export { InternalError } from './errors/internal-error.ts';
export { ModelConfigError } from './errors/model-config-error.ts';
export { ModelDownloadError, type ModelDownloadFailure } from './errors/model-download-error.ts';
export { ModelReportedError } from './errors/model-reported-error.ts';
export { StepFailedError } from './errors/step-failed-error.ts';
export { SampleConfigError } from './errors/sample-config-error.ts';
export { SampleValidationError } from './errors/sample-validation-error.ts';
export { SamplingRequestError } from './errors/sampling-request-error.ts';
export { ElicitationSchemaError } from './errors/elicitation-schema-error.ts';
export { ElicitationContentError } from './errors/elicitation-content-error.ts';
export { SessionNotFoundError } from './errors/session-not-found-error.ts';
export { SessionStoreError } from './errors/session-store-error.ts';
export { CorruptSessionError } from './errors/corrupt-session-error.ts';
export { SessionInUseError } from './errors/session-in-use-error.ts';
export { SessionStoreMissingError } from './errors/session-store-missing-error.ts';
export { PromptCancelledError } from './errors/prompt-cancelled-error.ts';
export { RecordingEndedError } from './errors/recording-ended-error.ts';
export { McpConfigError } from './errors/mcp-config-error.ts';
export { McpServerStartError } from './errors/mcp-server-start-error.ts';
export { McpToolCallError } from './errors/mcp-tool-call-error.ts';
export { McpResultTooLargeError } from './errors/mcp-result-too-large-error.ts';
export { McpInputRoundsError } from './errors/mcp-input-rounds-error.ts';
export { McpAuthorizationError, type McpAuthorizationFailure } from './errors/mcp-authorization-error.ts';
export { RequestStateError, type RequestStateFailure } from './errors/request-state-error.ts';
export { RunNotWaitingError } from './errors/run-not-waiting-error.ts';
export { ToolCallInterruptedError } from './errors/tool-call-interrupted-error.ts';
export { EvalTaskError } from './errors/eval-task-error.ts';
export { EvalNotFoundError } from './errors/eval-not-found-error.ts';
