/**
 * reins: run LLM agents on a tight rein (DESIGN §3). Named exports only; Node-only parts (MCP stdio,
 * CLI, sessions) live behind subpaths (`reins/mcp`, `reins/sessions`, ...), test doubles in `reins/testing`.
 */

// The loop
export type { Agent } from './loop/create-agent.ts';
export type { RunObserver } from './loop/run-observer.ts';
export type { ActionHandler, ActionHandlers, AgentOptions, AgentTools, ResumeOptions, RunOptions } from './loop/agent-options.ts';
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
export { createAgent, type TracedAgentOptions } from './telemetry/create-agent.ts';
export { telemetryObserver } from './telemetry/telemetry-observer.ts';
export type { TelemetryOptions, TracedAgent } from './telemetry/telemetry-options.ts';

// Tools
export { defineTool, type LocalTool, type ToolDefinition, type ToolExecuteContext, type ToolOutput } from './tools/define-tool.ts';
export { LocalToolbox } from './tools/local-toolbox.ts';
export { mergeToolboxes } from './tools/merge-toolboxes.ts';
export { schemaProblem, validateToolArgs, type SchemaProblem } from './tools/schema-validator.ts';
export { schemaLimits } from './tools/schema-limits.ts';
export { maxValueDepth } from './tools/value-limits.ts';
export { isReservedToolName, reservedToolNames } from './tools/reserved-tool-names.ts';
export { describeToolNotice, type ToolNotice, type ToolRenameReason } from './tools/tool-notice.ts';
export { errorResult, textResult, type ToolCallOptions, type ToolContent, type ToolProgress, type ToolResult, type Toolbox } from './tools/toolbox.ts';

// Protocols and decisions
export { getCodec, parseDecision, protocols } from './protocols/index.ts';
export { jsonCompletionCheck, lineCompletionCheck, neverComplete, tailMatchCheck, type CompletionCheck } from './protocols/index.ts';
export type { ActionNotes, Codec, ContentSource, InstructionOptions, KnownVariables, ParseOptions, ParseResult, ProtocolName, RenderInput } from './protocols/codec.ts';
// What a custom Codec declares about its protocol: how its history is kept, how its thoughts stream.
export { textHistory, toolMessageHistory, type CallReply, type HistoryStrategy, type ThoughtStream } from './protocols/index.ts';
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

// Errors
export {
  ApprovalDeniedError,
  BudgetExceededError,
  ConfigError,
  CorruptSessionError,
  ElicitationContentError,
  ElicitationSchemaError,
  InternalError,
  InvalidDecisionError,
  LoopDetectedError,
  MaxStepsError,
  McpConfigError,
  McpInputRoundsError,
  McpResultTooLargeError,
  McpServerStartError,
  McpToolCallError,
  ModelCallError,
  ModelConfigError,
  ModelDownloadError,
  ModelReportedError,
  PromptCancelledError,
  RecordingEndedError,
  ReinsError,
  RequestStateError,
  RetriesExhaustedError,
  RunCancelledError,
  RunNotWaitingError,
  SampleConfigError,
  SampleValidationError,
  SamplingRequestError,
  ScriptExhaustedError,
  ScriptIncompleteError,
  SessionInUseError,
  SessionNotFoundError,
  SessionStoreError,
  SessionStoreMissingError,
  StepFailedError,
  ToolCallInterruptedError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  ToolWithheldError,
  UserChannelError,
  type BudgetKind,
  type ErrorFault,
  type InvalidDecisionKind,
  type ModelDownloadFailure,
  type RequestStateFailure,
  type RunSnapshot,
  type ToolWithheldReason,
} from './errors/index.ts';
