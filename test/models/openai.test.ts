import { expect } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { runModelContract } from './model-contract.ts';

runModelContract({
  provider: 'openai',
  fixtures: 'openai',
  createModel: (url) => resolveModel('openai:gpt-4.1-mini', { baseURL: `${url}/v1`, env: { OPENAI_API_KEY: 'sk-test' } }),
  respondedModelId: 'gpt-4.1-mini-2025-04-14',
  responseIds: { text: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT', stream: 'chatcmpl-B9MDa1bC2dE3fG4hI5jK6lM7nO8p' },
  textUsage: { inputTokens: 24, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 0 },
  reportedDetails: { cacheReadTokens: 0, reasoningTokens: 0 },
  apiKeyHint: 'OPENAI_API_KEY',
  expectSchemaOnWire: (body, schema) => {
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', schema } });
  },
  expectForcedTool: (body, name) => {
    expect(body.tool_choice).toEqual({ type: 'function', function: { name } });
  },
});
