/**
 * Bench section "models": the early stop over real provider packages and real HTTP (fixture server).
 * For each adapter, an agent with the `json` protocol streams a decision followed by chatter:
 * - decisionToDispatchMs: from the stream part that completed the decision to the tool's execute (median);
 * - tokensAfterDecision: stream parts the client received after the decision (must be 0);
 * - chunksSentAfterDecision: chunks the server wrote after the one that completed the decision
 *   (at most the one already in flight when the client closed the connection).
 * Runnable alone: `node bench/sections/models.ts`.
 */
import { createAgent, defineTool } from '../../src/index.ts';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { fixture, startFixtureServer } from '../../test/helpers/fixture-server.ts';

const DECISION_END = '"reason":"the user asked for the weather in Paris"}';
const RUNS = 5;

const adapters: Array<[string, (url: string) => Model]> = [
  ['openai', (url) => resolveModel('openai:gpt-4.1-mini', { baseURL: `${url}/v1`, apiKey: 'sk-bench' })],
  ['anthropic', (url) => resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${url}/v1`, apiKey: 'sk-bench' })],
  ['ollama', (url) => resolveModel('ollama:qwen3:8b', { baseURL: url })],
  ['openai-compatible', (url) => resolveModel(`openai-compatible:Qwen/Qwen2.5-7B-Instruct@${url}/v1`)],
];

interface TimedPart {
  turn: number;
  text: string;
  at: number;
}

/** Records when each streamed text part of each turn reached the agent. */
function timed(model: Model, parts: TimedPart[]): Model {
  let turns = 0;
  return {
    ...model,
    generate: (request) => model.generate(request),
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
      const turn = turns++;
      for await (const part of model.stream!(request)) {
        if (part.type === 'text-delta') parts.push({ turn, text: part.text, at: performance.now() });
        yield part;
      }
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function run(): Promise<Record<string, number | string>> {
  const server = await startFixtureServer();
  const out: Record<string, number | string> = {};
  try {
    for (const [name, create] of adapters) {
      const latencies: number[] = [];
      let tokensAfter = 0;
      let chunksAfter = 0;
      for (let index = 0; index < RUNS; index++) {
        const parts: TimedPart[] = [];
        let dispatchedAt = NaN;
        const tool = defineTool({
          name: 'get_weather',
          description: 'Current weather for a city',
          input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          execute: () => {
            dispatchedAt = performance.now();
            return '18°C, sunny';
          },
        });
        const before = server.requests.length;
        server.enqueue(
          fixture(name, 'stream-decision.chunks', { chunkDelayMs: 5 }),
          fixture(name, 'stream-answer.chunks'),
        );
        const agent = createAgent({ model: timed(create(server.url), parts), tools: [tool], protocol: 'json' });
        const result = await agent.run('What is the weather in Paris?').result;
        if (result.status !== 'answered') throw new Error(`bench models/${name}: run ${result.status}`);

        const firstTurn = parts.filter((part) => part.turn === 0);
        let text = '';
        const decisionPart = firstTurn.findIndex((part) => (text += part.text).includes(DECISION_END));
        latencies.push(dispatchedAt - (firstTurn[decisionPart]?.at ?? NaN));
        tokensAfter += firstTurn.length - decisionPart - 1;

        const request = server.requests[before]!;
        await request.done;
        const chunks = fixture(name, 'stream-decision.chunks').chunks ?? [];
        let sent = '';
        const decisionChunk = chunks.findIndex((chunk) => (sent += textIn(chunk)).includes(DECISION_END));
        chunksAfter = Math.max(chunksAfter, request.chunksSent - decisionChunk - 1);
      }
      out[`${name}.decisionToDispatchMs`] = Number(median(latencies).toFixed(2));
      out[`${name}.tokensAfterDecision`] = tokensAfter;
      out[`${name}.chunksSentAfterDecision.max`] = chunksAfter;
    }
  } finally {
    await server.close();
  }
  return out;
}

/** The generated text a recorded chunk carries: string values under `content` or `text` (all four formats). */
function textIn(chunk: string): string {
  const collect = (value: unknown, key = ''): string => {
    if (typeof value === 'string') return key === 'content' || key === 'text' ? value : '';
    if (typeof value !== 'object' || value === null) return '';
    return Object.entries(value).map(([inner, child]) => collect(child, inner)).join('');
  };
  return chunk
    .split('\n')
    .map((line) => line.replace(/^data: /, '').trim())
    .filter((line) => line.startsWith('{'))
    .map((line) => collect(JSON.parse(line)))
    .join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
