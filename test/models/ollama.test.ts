import { expect } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { runModelContract } from './model-contract.ts';

runModelContract({
  provider: 'ollama',
  fixtures: 'ollama',
  createModel: (url) => resolveModel('ollama:qwen3:8b', { env: { OLLAMA_HOST: url } }),
  respondedModelId: 'qwen3:8b',
  textUsage: { inputTokens: 26, outputTokens: 9 },
  reportedDetails: {},
  apiKeyHint: 'API key',
  expectSchemaOnWire: (body, schema) => {
    expect(body.format).toEqual(schema);
  },
  expectForcedTool: (body, name) => {
    expect(body.tool_choice).toEqual({ type: 'function', name });
  },
});
