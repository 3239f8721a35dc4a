/**
 * The AI SDK side of the peer comparisons: the AI SDK's own `MockLanguageModelV4` (from `ai/test`),
 * driven by a function that returns one turn (text or tool calls) per model call.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

export interface MockTurn {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; arguments: Record<string, unknown> | string }>;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function toResult(turn: MockTurn): LanguageModelV4GenerateResult {
  const calls = turn.toolCalls ?? [];
  return {
    content: [
      ...(turn.text ? [{ type: 'text' as const, text: turn.text }] : []),
      ...calls.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.id,
        toolName: call.name,
        input: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
      })),
    ],
    finishReason: { unified: calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
    usage,
    warnings: [],
  };
}

/**
 * A MockLanguageModelV4 whose every `doGenerate` returns `next(prompt, callIndex)`. The mock's own
 * `doGenerateCalls` log is emptied on every call: kept, it holds every call's options (the whole
 * prompt of each step, hundreds of MB over a 1,000-step run) and the bench would time the garbage
 * collector instead of the loops. Both sides of a comparison use this same mock.
 */
export function aiSdkMock(next: (prompt: LanguageModelV4Prompt, call: number, options: LanguageModelV4CallOptions) => MockTurn): MockLanguageModelV4 {
  let calls = 0;
  const mock: MockLanguageModelV4 = new MockLanguageModelV4({
    doGenerate: async (options) => {
      mock.doGenerateCalls.length = 0;
      return toResult(next(options.prompt, calls++, options));
    },
  });
  return mock;
}
