/**
 * Runs one task in one variant through the real loop (`createAgent`: the protocol's instructions,
 * lenient parsing, strict validation, corrections), then judges the calls it made. A task is one
 * question: the model calls tools (each call only recorded) until it answers. Protocols of one call
 * a turn make a parallel task's calls over several turns, as they would in a real run; the run gets
 * the steps that takes and two more. The outcome keeps what the judge and the report need: the
 * calls, the replies as written, whether the first reply was valid, the corrections, tokens, time.
 */
import { createAgent } from '../loop/create-agent.ts';
import type { AgentEvent } from '../spec/events.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { EvalCall, EvalOutcome, EvalVariant } from '../spec/eval-report.ts';
import type { Model, ModelToolCall } from '../spec/model.ts';
import type { EvalTask } from './eval-task.ts';
import { judge } from './judge.ts';
import { TaskToolbox } from './task-toolbox.ts';

export interface RunTaskOptions {
  /** The tools of tasks that name none (the MCP servers' tools). @default [] */
  tools?: readonly ToolSpec[];
  /** Passed to every model request. @default undefined (the model's default) */
  temperature?: number;
  /** Output tokens per model call. @default undefined (the model's default) */
  maxOutputTokens?: number;
  /** Invalid replies corrected per turn. @default 3 (the loop's default) */
  maxRetries?: number;
  signal?: AbortSignal;
}

/** Steps beyond the expected calls: the answer, and one spare. */
const SPARE_STEPS = 2;

export async function runTask(model: Model, variant: EvalVariant, task: EvalTask, options: RunTaskOptions = {}): Promise<EvalOutcome> {
  const tools = task.tools ?? options.tools ?? [];
  const toolbox = new TaskToolbox(tools);
  const calls: EvalCall[] = [];
  const raw: string[] = [];
  let corrections = 0;
  let firstReply: boolean | undefined;
  const observe = (event: AgentEvent) => {
    if (event.type === 'model-response') raw.push(writtenReply(event.text, event.toolCalls));
    else if (event.type === 'output-invalid') {
      corrections += 1;
      firstReply ??= false;
    } else if (event.type === 'decision') firstReply ??= true;
    else if (event.type === 'tool-call') calls.push({ name: toolbox.originalName(event.tool), args: event.args });
  };
  const expectedCalls = task.expected.kind === 'calls' ? task.expected.calls.length : task.expected.kind === 'any-call' ? 1 : 0;
  const agent = createAgent({
    model,
    tools: toolbox,
    protocol: variant.protocol,
    ...(task.system ? { system: task.system } : {}),
    maxSteps: expectedCalls + SPARE_STEPS,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    bestEffortAnswer: false,
    approval: () => 'allow',
    observers: [observe],
  });
  const started = performance.now();
  const result = await agent.run(task.question, options.signal ? { signal: options.signal } : undefined).result;
  const latencyMs = performance.now() - started;
  const verdict = judge(task.expected, calls, tools);
  return {
    taskId: task.id,
    category: task.category,
    variant: variant.id,
    correct: verdict.correct,
    reason: verdict.reason,
    calls,
    expected: task.expected,
    raw,
    ...(result.status === 'answered' && result.answer !== undefined ? { answer: result.answer } : {}),
    firstReplyValid: firstReply ?? false,
    corrections,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    latencyMs,
    status: result.status,
    ...(result.error ? { error: result.error.message } : {}),
  };
}

/** A reply as the model wrote it: its text, then each native tool call as `name({...})`. */
function writtenReply(text: string, toolCalls: readonly ModelToolCall[]): string {
  const written = toolCalls.map((call) => `${call.name}(${typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)})`);
  return [text, ...written].filter((part) => part !== '').join('\n');
}
