/**
 * The spans of one run, built from its events as the loop emits them: `invoke_agent` for the run,
 * `chat {model}` per model call (from `model-request` to `model-response`, ended once the turn's
 * output was read, so it carries what reins made of it), `execute_tool {tool}` per tool call (from
 * `tool-call` to `tool-result` / `tool-error`, approvals inside it). reins' own facts are `reins.*`
 * attributes and span events.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type { ToolSpec } from '../spec/decision.ts';
import type { AgentEvent, EventOf } from '../spec/events.ts';
import type { Usage } from '../spec/model.ts';
import type { ContentRecorder } from './content-recorder.ts';
import { GenAi, Reins, ReinsEvent } from './gen-ai-attributes.ts';
import type { TracedAgent } from './telemetry-options.ts';

interface OpenChat {
  span: Span;
  /** When the model's reply arrived; the span ends there once the turn is read. */
  endTime?: number;
}

export class RunTrace {
  readonly #tracer: Tracer;
  readonly #agent: TracedAgent;
  readonly #content: ContentRecorder;
  readonly #root: Span;
  readonly #tools = new Map<string, ToolSpec>();
  readonly #calls = new Map<string, { span: Span; tool: string }>();
  #chat: OpenChat | undefined;

  constructor(tracer: Tracer, agent: TracedAgent, content: ContentRecorder, root: Span) {
    this.#tracer = tracer;
    this.#agent = agent;
    this.#content = content;
    this.#root = root;
  }

  /** Handles one event; true once the run ended (its spans are all ended). */
  observe(event: AgentEvent): boolean {
    switch (event.type) {
      case 'run-start':
        for (const tool of event.tools) this.#tools.set(tool.name, tool);
        this.#root.setAttribute(Reins.protocol, event.protocol);
        this.#content.set(this.#root, Reins.question, event.question);
        return false;
      case 'run-resume':
        this.#root.setAttribute(Reins.resume, true);
        this.#root.addEvent(ReinsEvent.resume, { 'reins.interrupted_calls': event.interruptedCalls.length });
        return false;
      case 'model-request':
        this.#startChat(event);
        return false;
      case 'model-retry':
        this.#chat?.span.addEvent(ReinsEvent.modelRetry, { [Reins.attempt]: event.attempt, [GenAi.errorType]: event.error.name, 'reins.delay_ms': event.delayMs });
        return false;
      case 'model-response':
        this.#modelResponse(event);
        return false;
      case 'decision':
        this.#decision(event);
        return false;
      case 'output-invalid':
        this.#outputInvalid(event);
        return false;
      case 'tool-call':
        this.#toolCall(event);
        return false;
      case 'tool-result':
        this.#toolResult(event);
        return false;
      case 'tool-error':
        this.#toolError(event);
        return false;
      case 'approval-request': {
        const span = this.#spanOfTool(event.tool);
        span.addEvent(ReinsEvent.approvalRequest, { [GenAi.toolName]: event.tool, [Reins.approvalReason]: event.reason });
        return false;
      }
      case 'approval-reply': {
        const verdict = event.approved ? 'approved' : 'denied';
        const span = this.#spanOfTool(event.tool);
        span.setAttribute(Reins.approvalVerdict, verdict);
        span.addEvent(ReinsEvent.approvalReply, { [GenAi.toolName]: event.tool, [Reins.approvalVerdict]: verdict });
        return false;
      }
      case 'user-question':
        this.#root.addEvent(ReinsEvent.userQuestion, { [Reins.step]: event.step, ...this.#content.attributes(Reins.question, event.question) });
        return false;
      case 'user-reply':
        this.#root.addEvent(ReinsEvent.userReply, { [Reins.step]: event.step, ...this.#content.attributes(Reins.reply, event.reply) });
        return false;
      case 'answer':
        this.#root.addEvent(ReinsEvent.answer, { ...(event.bestEffort ? { [Reins.bestEffort]: true } : {}), ...this.#content.attributes(Reins.answer, event.answer) });
        return false;
      case 'run-end':
        this.#runEnd(event);
        return true;
      default:
        return false;
    }
  }

  #parent() {
    return trace.setSpan(context.active(), this.#root);
  }

  #startChat(event: EventOf<'model-request'>): void {
    this.#endChat();
    const { provider, model } = this.#agent;
    const attributes: Attributes = {
      [GenAi.operationName]: 'chat',
      [GenAi.providerName]: provider,
      [GenAi.requestModel]: model,
      [GenAi.conversationId]: event.runId,
      [Reins.step]: event.step,
      [Reins.attempt]: event.attempt,
    };
    const span = this.#tracer.startSpan(`chat ${model}`, { kind: SpanKind.CLIENT, attributes }, this.#parent());
    this.#content.set(span, GenAi.systemInstructions, [{ type: 'text', content: event.system }]);
    this.#content.set(span, GenAi.inputMessages, event.messages);
    this.#chat = { span };
  }

  #modelResponse(event: EventOf<'model-response'>): void {
    const chat = this.#chat;
    if (!chat) return;
    chat.endTime = performance.timeOrigin + performance.now();
    chat.span.setAttributes({ [GenAi.responseModel]: event.modelId, ...usageAttributes(event.usage) });
    const parts = [
      ...(event.text ? [{ type: 'text', content: event.text }] : []),
      ...event.toolCalls.map((call) => ({ type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments })),
    ];
    this.#content.set(chat.span, GenAi.outputMessages, [{ role: 'assistant', parts }]);
  }

  #decision(event: EventOf<'decision'>): void {
    const span = this.#chat?.span;
    span?.setAttributes({
      [Reins.repaired]: event.repaired,
      [Reins.dialect]: event.dialect,
      [Reins.action]: event.decisions.map((decision) => decision.action),
    });
    this.#endChat();
  }

  #outputInvalid(event: EventOf<'output-invalid'>): void {
    const span = this.#chat?.span;
    if (!span) return;
    span.setAttributes({ [Reins.invalidKind]: event.kind, [Reins.correctionSent]: true });
    span.addEvent(ReinsEvent.outputInvalid, {
      [Reins.invalidKind]: event.kind,
      [Reins.attempt]: event.attempt,
      ...this.#content.attributes(Reins.correction, event.correction),
    });
    this.#endChat();
  }

  #endChat(): void {
    const chat = this.#chat;
    if (!chat) return;
    this.#chat = undefined;
    chat.span.end(chat.endTime);
  }

  #toolCall(event: EventOf<'tool-call'>): void {
    this.#endChat();
    const spec = this.#tools.get(event.tool);
    const attributes: Attributes = {
      [GenAi.operationName]: 'execute_tool',
      [GenAi.toolName]: event.tool,
      [GenAi.toolCallId]: event.callId,
      [GenAi.toolType]: spec?.origin ? 'extension' : 'function',
      [GenAi.conversationId]: event.runId,
      [Reins.step]: event.step,
    };
    if (spec?.origin) {
      attributes[GenAi.mcpMethod] = 'tools/call';
      attributes[Reins.mcpServer] = spec.origin.server;
      if (spec.origin.sessionId) attributes[GenAi.mcpSession] = spec.origin.sessionId;
    }
    const span = this.#tracer.startSpan(`execute_tool ${event.tool}`, { kind: SpanKind.INTERNAL, attributes }, this.#parent());
    this.#content.set(span, GenAi.toolArguments, event.args);
    this.#calls.set(event.callId, { span, tool: event.tool });
  }

  #toolResult(event: EventOf<'tool-result'>): void {
    const span = this.#takeCall(event.callId);
    if (!span) return;
    this.#content.set(span, GenAi.toolResult, event.result);
    if (event.result.isError) {
      span.setAttribute(GenAi.errorType, 'tool_error');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'tool_error' });
    }
    span.end();
  }

  #toolError(event: EventOf<'tool-error'>): void {
    const span = this.#takeCall(event.callId);
    if (!span) return;
    if (event.error.name === 'Reins_LoopDetectedError') {
      span.setAttribute(Reins.loopDetected, true);
      span.addEvent(ReinsEvent.loopDetected, { [GenAi.toolName]: event.tool });
    }
    this.#content.set(span, GenAi.toolResult, event.observation);
    this.#fail(span, event.error);
    span.end();
  }

  #takeCall(callId: string): Span | undefined {
    const call = this.#calls.get(callId);
    this.#calls.delete(callId);
    return call?.span;
  }

  /** The latest open span of a call to `tool` (its approval happens inside it), else the run's. */
  #spanOfTool(tool: string): Span {
    const open = [...this.#calls.values()].filter((call) => call.tool === tool).at(-1);
    return open?.span ?? this.#root;
  }

  #runEnd(event: EventOf<'run-end'>): void {
    this.#endChat();
    for (const { span } of this.#calls.values()) span.end();
    this.#calls.clear();
    this.#root.setAttributes({ [Reins.status]: event.status, [Reins.steps]: event.step, ...usageAttributes(event.usage) });
    if (event.error) {
      if (event.error.name === 'Reins_LoopDetectedError') {
        this.#root.setAttribute(Reins.loopDetected, true);
        this.#root.addEvent(ReinsEvent.loopDetected, {});
      }
      this.#fail(this.#root, event.error);
    }
    this.#root.end();
  }

  /** Error status named by the typed error, `error.type`, and the exception (message masked). */
  #fail(span: Span, error: { name: string; message: string }): void {
    span.setAttribute(GenAi.errorType, error.name);
    span.recordException({ name: error.name, message: this.#content.mask(error.message) });
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.name });
  }
}

/**
 * The GenAI usage attributes, cache and reasoning details where the provider reported them. An
 * estimated usage (reins counted it) goes under `reins.usage.estimated.*` instead: the GenAI names
 * mean what the provider reported.
 */
export function usageAttributes(usage: Usage): Attributes {
  if (usage.estimated) return { [Reins.estimatedInputTokens]: usage.inputTokens, [Reins.estimatedOutputTokens]: usage.outputTokens };
  const attributes: Attributes = { [GenAi.inputTokens]: usage.inputTokens, [GenAi.outputTokens]: usage.outputTokens };
  if (usage.cacheReadTokens !== undefined) attributes[GenAi.cacheReadTokens] = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) attributes[GenAi.cacheWriteTokens] = usage.cacheWriteTokens;
  if (usage.reasoningTokens !== undefined) attributes[GenAi.reasoningTokens] = usage.reasoningTokens;
  return attributes;
}
