import { expect } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { runModelContract } from './model-contract.ts';

runModelContract({
  provider: 'google',
  fixtures: 'google',
  createModel: (url) =>
    resolveModel('google:gemini-2.5-flash', { baseURL: `${url}/v1beta`, env: { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-test' } }),
  respondedModelId: 'gemini-2.5-flash',
  responseIds: { text: 'wE8kaJ3qBtOYz7IPk5mJ4Q0', stream: 'wE8kaJ3qBtOYz7IPk5mJ4Q0' },
  textUsage: { inputTokens: 24, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 0 },
  reportedDetails: { cacheReadTokens: 0, reasoningTokens: 0 },
  apiKeyHint: 'GOOGLE_GENERATIVE_AI_API_KEY',
  expectSchemaOnWire: (body, schema) => {
    // Gemini's native structured output: a JSON mime type and the schema (its `const` written as a one-value enum).
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    const { properties, ...rest } = schema as { properties: Record<string, Record<string, unknown>> };
    expect(body.generationConfig.responseJsonSchema).toMatchObject({ ...rest, properties: { ...properties, action: { enum: ['answer_user'] } } });
  },
  expectForcedTool: (body, name) => {
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } });
  },
});
