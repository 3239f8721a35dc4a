/**
 * Attribute and span names of the OpenTelemetry GenAI semantic conventions (and MCP's) that reins
 * writes, plus reins' own `reins.*` facts. Kept as constants: the conventions are still
 * "development" status and their names move; one file to follow them.
 */
export const GenAi = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  conversationId: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheWriteTokens: 'gen_ai.usage.cache_creation.input_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolType: 'gen_ai.tool.type',
  toolCallId: 'gen_ai.tool.call.id',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  systemInstructions: 'gen_ai.system_instructions',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  finishReasons: 'gen_ai.response.finish_reasons',
  responseId: 'gen_ai.response.id',
  requestTemperature: 'gen_ai.request.temperature',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  errorType: 'error.type',
  mcpMethod: 'mcp.method.name',
  mcpSession: 'mcp.session.id',
} as const;

export const Reins = {
  protocol: 'reins.protocol',
  step: 'reins.step',
  attempt: 'reins.attempt',
  status: 'reins.status',
  steps: 'reins.steps',
  resume: 'reins.resume',
  repaired: 'reins.repaired',
  dialect: 'reins.dialect',
  action: 'reins.decision.action',
  invalidKind: 'reins.output.invalid_kind',
  correctionSent: 'reins.correction.sent',
  correction: 'reins.correction',
  approvalVerdict: 'reins.approval.verdict',
  approvalReason: 'reins.approval.reason',
  loopDetected: 'reins.loop_detected',
  mcpServer: 'reins.mcp.server',
  question: 'reins.question',
  reply: 'reins.reply',
  answer: 'reins.answer',
  bestEffort: 'reins.best_effort',
  /** Usage reins counted itself (the provider reported none): never written under `gen_ai.usage.*`. */
  estimatedInputTokens: 'reins.usage.estimated.input_tokens',
  estimatedOutputTokens: 'reins.usage.estimated.output_tokens',
} as const;

/** reins' span events. */
export const ReinsEvent = {
  outputInvalid: 'reins.output_invalid',
  modelRetry: 'reins.model_retry',
  approvalRequest: 'reins.approval_request',
  approvalReply: 'reins.approval_reply',
  loopDetected: 'reins.loop_detected',
  userQuestion: 'reins.user_question',
  userReply: 'reins.user_reply',
  resume: 'reins.resume',
  answer: 'reins.answer',
} as const;
