import { expect } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { runModelContract } from './model-contract.ts';

runModelContract({
  provider: 'anthropic',
  fixtures: 'anthropic',
  createModel: (url) =>
    resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${url}/v1`, env: { ANTHROPIC_API_KEY: 'sk-ant-test' } }),
  respondedModelId: 'claude-sonnet-4-5-20250929',
  textUsage: { inputTokens: 21, outputTokens: 10 },
  apiKeyHint: 'ANTHROPIC_API_KEY',
  expectSchemaOnWire: (body, schema) => {
    // Native structured outputs for Claude 4.5 models; older models get the provider's forced `json` tool.
    expect(body.output_config.format).toEqual({ type: 'json_schema', schema });
  },
  expectForcedTool: (body, name) => {
    expect(body.tool_choice).toMatchObject({ type: 'tool', name });
  },
});
