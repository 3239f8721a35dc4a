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
import type { ContentRecorder } from './content-recorder.ts';
import { GenAi, Reins, ReinsEvent } from './gen-ai-attributes.ts';
import { chatRequestAttributes, chatResponseAttributes, usageAttributes } from './span-attributes.ts';
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
    if (event.type === 'run-end') {
      this.#runEnd(event);
      return true;
    }
    this.#record(event);
    return false;
  }

  /** Each event of a live run onto its span: the run's, the model call's or the tool call's. */
  #record(event: Exclude<AgentEvent, { type: 'run-end' }>): void {
    switch (event.type) {
      case 'run-start':
        for (const tool of event.tools) this.#tools.set(tool.name, tool);
        this.#root.setAttribute(Reins.protocol, event.protocol);
        return this.#content.set(this.#root, Reins.question, event.question);
      case 'run-resume':
        this.#root.setAttribute(Reins.resume, true);
        this.#root.addEvent(ReinsEvent.resume, { 'reins.interrupted_calls': event.interruptedCalls.length });
        return;
      case 'model-request':
        return this.#startChat(event);
      case 'model-retry':
        this.#chat?.span.addEvent(ReinsEvent.modelRetry, { [Reins.attempt]: event.attempt, [GenAi.errorType]: event.error.name, 'reins.delay_ms': event.delayMs });
        return;
      case 'model-response':
        return this.#modelResponse(event);
      case 'decision':
        return this.#decision(event);
      case 'output-invalid':
        return this.#outputInvalid(event);
      case 'tool-call':
        return this.#toolCall(event);
      case 'tool-result':
        return this.#toolResult(event);
      case 'tool-error':
        return this.#toolError(event);
      case 'approval-request':
      case 'approval-reply':
        return this.#approval(event);
      case 'user-question':
        this.#root.addEvent(ReinsEvent.userQuestion, { [Reins.step]: event.step, ...this.#content.attributes(Reins.question, event.question) });
        return;
      case 'user-reply':
        this.#root.addEvent(ReinsEvent.userReply, { [Reins.step]: event.step, ...this.#content.attributes(Reins.reply, event.reply) });
        return;
      case 'answer':
        this.#root.addEvent(ReinsEvent.answer, { ...(event.bestEffort ? { [Reins.bestEffort]: true } : {}), ...this.#content.attributes(Reins.answer, event.answer) });
        return;
      default:
        return;
    }
  }

  /** An approval asked for and its verdict, on the span of the tool call. */
  #approval(event: EventOf<'approval-request'> | EventOf<'approval-reply'>): void {
    const span = this.#spanOfTool(event.tool);
    if (event.type === 'approval-request') {
      span.addEvent(ReinsEvent.approvalRequest, { [GenAi.toolName]: event.tool, [Reins.approvalReason]: event.reason });
      return;
    }
    const verdict = event.approved ? 'approved' : 'denied';
    span.setAttribute(Reins.approvalVerdict, verdict);
    span.addEvent(ReinsEvent.approvalReply, { [GenAi.toolName]: event.tool, [Reins.approvalVerdict]: verdict });
  }

  #parent() {
    return trace.setSpan(context.active(), this.#root);
  }

  #startChat(event: EventOf<'model-request'>): void {
    this.#endChat();
    const attributes = chatRequestAttributes(this.#agent, event);
    const span = this.#tracer.startSpan(`chat ${this.#agent.model}`, { kind: SpanKind.CLIENT, attributes }, this.#parent());
    this.#content.set(span, GenAi.systemInstructions, [{ type: 'text', content: event.system }]);
    this.#content.set(span, GenAi.inputMessages, event.messages);
    this.#chat = { span };
  }

  #modelResponse(event: EventOf<'model-response'>): void {
    const chat = this.#chat;
    if (!chat) return;
    chat.endTime = performance.timeOrigin + performance.now();
    chat.span.setAttributes(chatResponseAttributes(event));
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

  /** Runs a tool call with its `execute_tool` span as the active context (its own spans nest under it). */
  inToolCall<A extends unknown[], T>(callId: string, call: (...args: A) => T, args: A): T {
    const span = this.#calls.get(callId)?.span;
    if (!span) return call(...args);
    return context.with(trace.setSpan(context.active(), span), call, undefined, ...args);
  }

  #runEnd(event: EventOf<'run-end'>): void {
    // A model call that failed (no response came) ends the run: its chat span carries the error.
    if (event.error && this.#chat && this.#chat.endTime === undefined) this.#fail(this.#chat.span, event.error);
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
