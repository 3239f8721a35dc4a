/**
 * MockModel: a loose test double in the style of the AI SDK's mock. Give it a function of the
 * request, one response for every call, or an array with one entry per call (a call past the end
 * throws ScriptExhaustedError). A response is text or a partial ModelResponse. Records `calls`.
 * It has no `stream`, so the loop takes the `generate` path.
 */
import { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
import type { Model, ModelRequest, ModelResponse } from '../spec/model.ts';

export type MockResponse = string | (Partial<ModelResponse> & { text?: string });
export type MockBehaviour =
  | MockResponse
  | readonly MockResponse[]
  | ((request: ModelRequest, call: number) => MockResponse | Promise<MockResponse>);

export interface MockModelOptions {
  /** @default false */
  supportsTools?: boolean;
  /** @default 'mock' */
  modelId?: string;
}

export class MockModel implements Model {
  readonly provider = 'mock';
  readonly modelId: string;
  readonly supportsTools: boolean;
  readonly calls: ModelRequest[] = [];
  readonly #behaviour: MockBehaviour;

  constructor(behaviour: MockBehaviour, options: MockModelOptions = {}) {
    this.#behaviour = behaviour;
    this.modelId = options.modelId ?? 'mock';
    this.supportsTools = options.supportsTools ?? false;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const { signal: _signal, ...recorded } = request;
    this.calls.push(structuredClone(recorded));
    const call = this.calls.length - 1;
    const behaviour = this.#behaviour;
    let response: MockResponse;
    if (typeof behaviour === 'function') response = await behaviour(request, call);
    else if (Array.isArray(behaviour)) {
      if (call >= behaviour.length) throw new ScriptExhaustedError(behaviour.length, call + 1);
      response = behaviour[call] as MockResponse;
    } else response = behaviour as MockResponse;
    const partial = typeof response === 'string' ? { text: response } : response;
    const toolCalls = partial.toolCalls ?? [];
    return {
      text: partial.text ?? '',
      toolCalls,
      finishReason: partial.finishReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop'),
      usage: partial.usage ?? { inputTokens: 0, outputTokens: 0 },
      modelId: partial.modelId ?? this.modelId,
    };
  }
}
