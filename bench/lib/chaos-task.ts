/**
 * The task behind the ChaosModel runs: fetch three parts with the `fetch_part` tool, then answer with
 * their total. The "model" is a planner that reads the conversation so far (every tool result it
 * has seen) and emits the next step, so a damaged turn that was rejected or failed is simply planned
 * again. Its outputs pass through ChaosModel's damage (30%, seeded) on both sides:
 * - reins: MockModel(planner) wrapped in ChaosModel, run by `createAgent` with the given protocol;
 * - AI SDK: MockLanguageModelV4(planner) whose turns go through the same `ChaosModel.damage`, run by
 *   `generateText` with tools and a step limit; an invalid call comes back to the model as a tool
 *   error (the AI SDK's own behaviour).
 * A run is right when it ends with an answer containing the expected total.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { ModelToolCall } from '../../src/spec/model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import { ChaosModel } from '../../src/testing/chaos-model.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { aiSdkMock } from './ai-sdk-mock.ts';

export const PARTS = 3;
/** Model calls of an undamaged run: one per part, then the answer. */
export const MINIMAL_CALLS = PARTS + 1;
const partValue = (index: number) => index * 7;
const total = Array.from({ length: PARTS }, (_, index) => partValue(index + 1)).reduce((a, b) => a + b, 0);
export const EXPECTED_ANSWER = `Total: ${total}`;
const MAX_STEPS = 20;

const inputSchema = { type: 'object', properties: { index: { type: 'integer', minimum: 1 } }, required: ['index'], additionalProperties: false } as const;
const description = 'Returns one part of the total.';
const fetchPartSpec: ToolSpec = { name: 'fetch_part', description, inputSchema };
const fetchPart = (index: number) => `part-${index}=${partValue(index)}`;

/** The next step, from the parts already seen anywhere in the conversation. */
export function plan(conversation: string): Decision {
  const seen = new Set([...conversation.matchAll(/part-(\d+)=\d+/g)].map((match) => Number(match[1])));
  for (let index = 1; index <= PARTS; index++) {
    if (!seen.has(index)) return { action: 'call_tool', tool: 'fetch_part', args: { index }, reason: `need part ${index}` };
  }
  return { action: 'answer_user', answer: EXPECTED_ANSWER };
}

/** A native turn: one tool call, or the answer as plain text. */
function nativeTurn(decision: Decision, call: number): { text: string; toolCalls: ModelToolCall[] } {
  if (decision.action === 'call_tool') return { text: '', toolCalls: [{ id: `call_${call}`, name: decision.tool, arguments: decision.args }] };
  return { text: decision.action === 'answer_user' ? decision.answer : '', toolCalls: [] };
}

export interface ChaosOutcome {
  modelCalls: number;
  right: boolean;
}

export async function reinsChaosRun(protocol: ProtocolName, seed: number, rate: number): Promise<ChaosOutcome> {
  const codec = protocols[protocol];
  const planner = new MockModel(
    (request, call) => {
      const decision = plan(JSON.stringify(request.messages));
      return codec.native ? nativeTurn(decision, call) : codec.render({ decisions: [decision], tools: [fetchPartSpec] });
    },
    { supportsTools: codec.native },
  );
  const model = new ChaosModel(planner, { rate, seed });
  const tool = defineTool({ name: 'fetch_part', description, input: inputSchema, execute: ({ index }) => fetchPart(Number(index)) });
  const agent = createAgent({ model, tools: [tool], protocol, stream: false, maxSteps: MAX_STEPS });
  const result = await agent.run('What is the total of the parts?').result;
  return { modelCalls: planner.calls.length, right: result.status === 'answered' && (result.answer ?? '').includes(EXPECTED_ANSWER) };
}

export async function aiSdkChaosRun(seed: number, rate: number): Promise<ChaosOutcome> {
  const chaos = new ChaosModel(new MockModel(''), { rate, seed });
  const model = aiSdkMock((prompt, call) => chaos.damage(nativeTurn(plan(JSON.stringify(prompt)), call)));
  const fetch_part = tool({
    description,
    inputSchema: z.object({ index: z.number().int().min(1) }).strict(),
    execute: async ({ index }) => fetchPart(index),
  });
  const result = await generateText({ model, prompt: 'What is the total of the parts?', tools: { fetch_part }, stopWhen: stepCountIs(MAX_STEPS) });
  return { modelCalls: model.doGenerateCalls.length, right: result.text.includes(EXPECTED_ANSWER) };
}
