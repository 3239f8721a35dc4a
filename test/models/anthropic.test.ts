import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model, ModelStreamPart } from '../../src/spec/model.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import { ANSWER, answerSchema, runModelContract } from './model-contract.ts';

runModelContract({
  provider: 'anthropic',
  fixtures: 'anthropic',
  createModel: (url) =>
    resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${url}/v1`, env: { ANTHROPIC_API_KEY: 'sk-ant-test' } }),
  respondedModelId: 'claude-sonnet-4-5-20250929',
  responseIds: { text: 'msg_01XFDUDYJgAACzvnptvVoYEL', stream: 'msg_01StrmDec1s10nAbCdEfGhJk' },
  textUsage: { inputTokens: 21, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
  reportedDetails: { cacheReadTokens: 0, cacheWriteTokens: 0 },
  apiKeyHint: 'ANTHROPIC_API_KEY',
  expectSchemaOnWire: (body, schema) => {
    // Native structured outputs for Claude 4.5 models; older models get the provider's forced `json` tool.
    expect(body.output_config.format).toEqual({ type: 'json_schema', schema });
  },
  expectForcedTool: (body, name) => {
    expect(body.tool_choice).toMatchObject({ type: 'tool', name });
  },
});

describe("Anthropic structured output on older models: the provider's forced `json` tool", () => {
  let server: FixtureServer;
  let model: Model;
  beforeAll(async () => {
    server = await startFixtureServer();
    model = resolveModel('anthropic:claude-3-5-haiku-20241022', { baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test' });
  });
  afterAll(() => server.close());
  const ask = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], responseSchema: answerSchema };

  /** The request forces one tool named `json` whose input schema is the response schema. */
  function expectForcedJsonTool(body: any): void {
    expect(body.model).toBe('claude-3-5-haiku-20241022');
    expect(body.tools).toEqual([expect.objectContaining({ name: 'json', input_schema: answerSchema })]);
    expect(body.tool_choice).toMatchObject({ type: 'any' });
    expect(body.output_config).toBeUndefined();
  }

  it('generate: the schema goes out as the forced tool and the tool input comes back as the JSON text', async () => {
    server.enqueue(fixture('anthropic', 'json-tool-answer'));
    const response = await model.generate(ask);
    expectForcedJsonTool(server.requests.at(-1)!.body);
    expect(JSON.parse(response.text)).toEqual(ANSWER);
    expect(response.toolCalls).toEqual([]);
    expect(response).toMatchObject({ finishReason: 'stop', modelId: 'claude-3-5-haiku-20241022' });
  });

  it('stream: the forced tool input arrives as text deltas', async () => {
    server.enqueue(fixture('anthropic', 'stream-json-tool-answer.chunks'));
    const parts: ModelStreamPart[] = [];
    for await (const part of model.stream!(ask)) parts.push(part);
    expectForcedJsonTool(server.requests.at(-1)!.body);
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []));
    expect(deltas.length).toBeGreaterThan(2);
    expect(JSON.parse(deltas.join(''))).toEqual(ANSWER);
    expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 468, outputTokens: 52 } });
  });
});
