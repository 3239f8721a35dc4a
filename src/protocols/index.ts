/**
 * The protocols layer, public as `reins/protocols` for codec authors: one codec per wire protocol, the
 * shared parse pipeline and `parseDecision`, and what a custom Codec declares (its history strategy,
 * streamed thoughts, completion check, the envelope's turn runner).
 */
export type { ActionNotes, Codec, ContentSource, InstructionOptions, KnownVariables, ParseOptions, ParseResult, ProtocolName, RenderInput } from './codec.ts';
export { getCodec, protocols } from './get-codec.ts';
export { protocolNames, resolveProtocol, type ProtocolChoice } from './protocol-names.ts';
export type { CallReply, HistoryStrategy } from './history-strategy.ts';
export { textHistory } from './text-history.ts';
export { toolMessageHistory } from './tool-message-history.ts';
export type { ThoughtStream } from './thought-stream.ts';
export { jsonCompletionCheck, lineCompletionCheck, neverComplete, tailMatchCheck, type CompletionCheck } from './completion-check.ts';
export { parseDecision, type ParseDecisionOptions } from './parse-decision.ts';
export { jsonCodec } from './json-codec.ts';
export { envelope, envelopeCodec } from './envelope/envelope-codec.ts';
export type { ActionHandler, ActionHandlers, EnvelopeOptions } from './envelope/envelope-options.ts';
export type { CallRunner, DeliveredOutput, HostCallOptions, RunnerStart, TurnEnd, TurnHost, TurnRunner, TurnStart } from './turn-runner.ts';
export { xmlCodec } from './xml-codec.ts';
export { lineCodec } from './line-codec.ts';
export { nativeCodec, nativeToolCalls } from './native-codec.ts';
export { ANSWER_USER_TOOL, ASK_USER_TOOL } from './user-tools.ts';
export { ENVELOPE_SCHEMA, ENVELOPE_STATUSES, type Envelope, type EnvelopeAction, type EnvelopeStatus } from './envelope-schema.ts';
export { sanitizeName } from './sanitize.ts';
export { schemaLimits } from '../tools/schema-limits.ts';
export { maxValueDepth } from '../tools/value-limits.ts';
export { isReservedToolName, reservedToolNames } from '../tools/tool-names.ts';
