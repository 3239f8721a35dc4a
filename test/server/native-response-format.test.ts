/**
 * Seed 001's provider mapping for `schema` on the `model` backend: the request goes out through the
 * provider's native structured output (OpenAI `response_format: json_schema`, Anthropic
 * `output_config.format`, Gemini `responseJsonSchema`, Ollama `format`), never as a forced tool,
 * also for a model without native tool calling. Real AI SDK providers over HTTP against the fixture server.
 * (Over MCP sampling the schema can only travel as a forced tool: MCP has no response-format field.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { samplingContext } from '../../src/server/index.ts';
import { fixture, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts';
import { providerAdapters } from '../models/provider-adapters.ts';
import { inTool, noSampling } from './sampling-client.ts';

const Answer = z.object({ action: z.literal('answer_user'), answer: z.string(), confidence: z.number().optional() });
const expected = { action: 'answer_user', answer: 'It is 18°C and sunny in Paris.', confidence: 0.9 };

/** Where each provider's wire format carries the schema. */
const schemaOnWire: Record<string, (body: any) => unknown> = {
  openai: (body) => (expect(body.response_format.type).toBe('json_schema'), body.response_format.json_schema.schema),
  'openai-compatible': (body) => (expect(body.response_format.type).toBe('json_schema'), body.response_format.json_schema.schema),
  anthropic: (body) => (expect(body.output_config.format.type).toBe('json_schema'), body.output_config.format.schema),
  google: (body) => (expect(body.generationConfig.responseMimeType).toBe('application/json'), body.generationConfig.responseJsonSchema),
  ollama: (body) => body.format,
};

let server: FixtureServer;
beforeAll(async () => (server = await startFixtureServer()));
afterAll(() => server.close());

async function sampleAnswer(model: ReturnType<typeof resolveModel>) {
  const run = await inTool({ capabilities: noSampling }, async (mcpServer, ctx) => {
    const sampling = samplingContext(mcpServer, ctx, { model });
    return { backend: sampling.backend, result: await sampling.sampleSchema({ prompt: 'Weather in Paris?', schema: Answer }) };
  });
  expect(run.error).toBeUndefined();
  return { ...run.value!, body: server.requests.at(-1)?.body };
}

describe.each(providerAdapters)("sampleSchema on the 'model' backend over $fixtures", ({ fixtures, create }) => {
  it('sends the schema through the native response format, not as a tool, and parses the reply', async () => {
    server.enqueue(fixture(fixtures, 'json-answer'));
    const { backend, result, body } = await sampleAnswer(create(server.url, { env: {}, retry: false }));
    expect(backend).toBe('model');
    expect(result.parsed).toEqual(expected);
    const schema = schemaOnWire[fixtures]!(body) as { properties: Record<string, unknown>; $schema?: string };
    expect(Object.keys(schema.properties)).toEqual(['action', 'answer', 'confidence']);
    expect(schema.$schema).toBeUndefined();
    expect(JSON.stringify(body.tools ?? [])).not.toContain('structured_output');
  });
});

describe('a model without native tool calling', () => {
  it("still gets the schema natively (Ollama's format), with the schema also described in the prompt", async () => {
    server.enqueue(fixture('ollama', 'json-answer'));
    const model = resolveModel('ollama:qwen3:8b', { baseURL: server.url, supportsTools: false, retry: false });
    const { result, body } = await sampleAnswer(model);
    expect(result.parsed).toEqual(expected);
    expect(body.format).toMatchObject({ type: 'object', properties: { answer: { type: 'string' } } });
    expect(JSON.stringify(body.messages)).toContain('matches this JSON Schema');
  });
});
