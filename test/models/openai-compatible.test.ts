import { expect } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { runModelContract } from './model-contract.ts';

// A vLLM server's wire format (the same Chat Completions shape llama.cpp server and LM Studio speak).
runModelContract({
  provider: 'openai-compatible',
  fixtures: 'openai-compatible',
  createModel: (url) => resolveModel(`openai-compatible:Qwen/Qwen2.5-7B-Instruct@${url}/v1`, { env: {} }),
  respondedModelId: 'Qwen/Qwen2.5-7B-Instruct',
  responseIds: { text: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT', stream: 'chatcmpl-B9MDa1bC2dE3fG4hI5jK6lM7nO8p' },
  textUsage: { inputTokens: 24, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 0 },
  reportedDetails: { cacheReadTokens: 0, reasoningTokens: 0 },
  apiKeyHint: 'OPENAI_COMPATIBLE_API_KEY',
  expectSchemaOnWire: (body, schema) => {
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', schema } });
  },
  expectForcedTool: (body, name) => {
    expect(body.tool_choice).toEqual({ type: 'function', function: { name } });
  },
});
