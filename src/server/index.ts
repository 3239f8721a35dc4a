/** `reins/server`: sampling and elicitation helpers for MCP tool authors (seed 001, DESIGN §7). */
export { samplingContext, type SamplingContextOptions } from './sampling-context.ts';
export { withSampling, elicitContextMetaKey, type WithSamplingOptions } from './with-sampling.ts';
export type {
  ElicitDefinition,
  ElicitDefinitions,
  McpToolContext,
  Message,
  SampleConfigBase,
  SampleResultBase,
  SampleSchemaConfigMessages,
  SampleToolsConfigMessages,
  SamplingToolCall,
  ToolCall,
  ToolDefinition,
} from './tool-context.ts';
export { toElicitationSchema, type RequestedSchema } from './elicitation-schema.ts';
export { structuredOutputTool } from './mcp-sampling-channel.ts';
export { RoundTrips, resumableTool, replayedValue, isModernRequest, type RoundTripsOptions } from './round-trips.ts';
export { bothErasHttpHandler, type BothErasHttpHandler } from './both-eras-http-handler.ts';
export { RequestStateError, type RequestStateFailure } from '../errors/request-state-error.ts';
export { SampleValidationError, type SampleValidationLastResult } from '../errors/sample-validation-error.ts';
export { SampleConfigError, type SampleConfigReason } from '../errors/sample-config-error.ts';
export { SamplingRequestError, type SamplingRequestFailure } from '../errors/sampling-request-error.ts';
export { ElicitationSchemaError } from '../errors/elicitation-schema-error.ts';
export { ElicitationContentError } from '../errors/elicitation-content-error.ts';
export type {
  ElicitCallOptions,
  ElicitResultOf,
  OpenAiAssistantMessage,
  OpenAiToolCall,
  OpenAiToolMessage,
  RawToolCallOf,
  RetryOptions,
  SampleConfigPlain,
  SampleConfigWithSchema,
  SampleConfigWithTools,
  SampleInput,
  SampleInputMessage,
  SampleMessage,
  SampleOptionsBase,
  SampleParseError,
  SampleResult,
  SampleResultWithParsed,
  SampleResultWithToolCalls,
  SampleSchemaConfig,
  SampleSchemaResult,
  SampleToolCall,
  SampleToolResultMessage,
  SampleToolsConfig,
  SampleToolsResult,
  SamplingBackendName,
  SamplingContext,
  SamplingToolChoice,
  SamplingToolDefinition,
  ValidToolCallOf,
} from './types.ts';
