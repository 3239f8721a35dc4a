/** Shared helpers of the loop tests: scripted turns per protocol, common tools, event collection. */
import { z } from 'zod';
import type { AnswerUserDecision, AskUserDecision, CallToolDecision, Decision, Thought, ToolSpec } from '../../src/spec/decision.ts';
import type { AgentEvent, AgentEventType, EventOf } from '../../src/spec/events.ts';
import type { AgentRun, RunResult } from '../../src/loop/run-result.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { getCodec } from '../../src/protocols/index.ts';
import type { ScriptStep } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';

export const textProtocols = ['json', 'envelope', 'xml', 'line'] as const satisfies ProtocolName[];
export const allProtocols = [...textProtocols, 'native'] as const satisfies ProtocolName[];

export const call = (tool: string, args: Record<string, unknown>, reason = 'needed'): CallToolDecision => ({
  action: 'call_tool',
  tool,
  args,
  reason,
});
export const ask = (question: string, why = 'need it'): AskUserDecision => ({ action: 'ask_user', question, why });
export const answer = (text: string): AnswerUserDecision => ({ action: 'answer_user', answer: text });

/** The model turn a well-behaved model of `protocol` would write for these decisions. */
export function turn(protocol: ProtocolName, decisions: Decision[], tools: readonly ToolSpec[] = [], thoughts?: Thought[]): ScriptStep {
  if (protocol !== 'native') return getCodec(protocol).render({ decisions, thoughts, tools });
  const [only] = decisions;
  if (decisions.length === 1 && only?.action === 'answer_user') return { text: only.answer };
  return {
    toolCalls: decisions.map((decision) => {
      if (decision.action === 'call_tool') return { name: decision.tool, arguments: decision.args };
      const { action, ...args } = decision;
      return { name: action, arguments: args };
    }),
  };
}

export const addTool = defineTool({
  name: 'add',
  description: 'Adds two integers.',
  input: z.object({ a: z.number().int(), b: z.number().int() }),
  execute: ({ a, b }) => String(a + b),
});

export const weatherTool = defineTool({
  name: 'weather',
  description: 'Current weather of a city.',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  execute: (args) => ({ city: args.city, sky: 'sunny', celsius: 21 }),
});

export async function collect(run: AgentRun): Promise<{ events: AgentEvent[]; result: RunResult }> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

export function ofType<T extends AgentEventType>(events: readonly AgentEvent[], type: T): EventOf<T>[] {
  return events.filter((event): event is EventOf<T> => event.type === type);
}

/** Everything the model was sent in one request, as one string (system + messages). */
export function requestText(request: { system?: string; messages: Array<{ content: string }> }): string {
  return [request.system ?? '', ...request.messages.map((message) => message.content)].join('\n');
}
