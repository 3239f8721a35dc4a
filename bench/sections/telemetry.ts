/**
 * Bench section "telemetry": what OpenTelemetry costs a run. A scripted 6-turn run (5 tool calls
 * on a local tool, then an answer; json protocol, no streaming delay) is timed with telemetry off
 * (`telemetry: false`), with the default and no tracer provider registered (the case every user
 * without an SDK is in: must cost nothing), and with a real SDK provider and an in-memory exporter.
 * Figures are microseconds per run, the median of ROUNDS rounds of RUNS runs each, in process CPU
 * time (the machine is shared). Runnable alone: `node --conditions=reins-source bench/sections/telemetry.ts`.
 */
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { getCodec } from '../../src/protocols/index.ts';
import { createAgent, type TracedAgentOptions } from '../../src/telemetry/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { median } from '../lib/stats.ts';

export const title = 'OpenTelemetry cost per run';

const RUNS = 200;
const ROUNDS = 7;

const add = defineTool({
  name: 'add',
  description: 'Adds two integers.',
  input: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  execute: ({ a, b }) => String(Number(a) + Number(b)),
});
const codec = getCodec('json');
const script = [
  ...Array.from({ length: 5 }, (_, index) => codec.render({ decisions: [{ action: 'call_tool', tool: 'add', args: { a: index, b: 1 }, reason: 'sum' }], tools: [add.spec] })),
  codec.render({ decisions: [{ action: 'answer_user', answer: 'done' }] }),
];

async function perRun(telemetry: TracedAgentOptions['telemetry']): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = process.cpuUsage();
    for (let index = 0; index < RUNS; index += 1) {
      const model = new ScriptedModel(script, { recordCalls: false });
      const { status } = await createAgent({ model, tools: [add], protocol: 'json', telemetry }).run('sum').result;
      if (status !== 'answered') throw new Error(`bench run ended ${status}`);
    }
    const used = process.cpuUsage(started);
    rounds.push((used.user + used.system) / RUNS);
  }
  return Math.round(median(rounds));
}

export async function run() {
  await perRun(false); // warm-up
  const off = await perRun(false);
  const noProvider = await perRun({});
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  trace.setGlobalTracerProvider(provider);
  let traced: number;
  try {
    traced = await perRun({});
  } finally {
    trace.disable();
    await provider.shutdown();
  }
  return {
    metrics: {
      'run, telemetry off (µs CPU)': off,
      'run, default with no tracer provider (µs CPU)': noProvider,
      'no-provider overhead': `${(((noProvider - off) / off) * 100).toFixed(1)}%`,
      'run, SDK provider + in-memory exporter (µs CPU)': traced,
    },
    notes: [
      `A scripted run of 6 turns (5 tool calls, then an answer), ${RUNS} runs a round, median of ${ROUNDS} rounds, process CPU time.`,
      'With no tracer provider the run opens one no-op span and then skips every event; the overhead is within the noise of the run itself.',
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
