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
import type { AgentEvent } from '../../src/spec/events.ts';
import { createAgent, type TracedAgentOptions } from '../../src/agent.ts';
import { telemetryObserver } from '../../src/telemetry/telemetry-observer.ts';
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

/** CPU microseconds per run of one round of RUNS runs. */
async function round(telemetry: TracedAgentOptions['telemetry']): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < RUNS; index += 1) {
    const model = new ScriptedModel(script, { recordCalls: false });
    const { status } = await createAgent({ model, tools: [add], protocol: 'json', telemetry }).run('sum').result;
    if (status !== 'answered') throw new Error(`bench run ended ${status}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / RUNS;
}

/** The median per-run cost of each configuration, their rounds interleaved (so drift hits all alike). */
async function perRun(configurations: ReadonlyArray<TracedAgentOptions['telemetry']>): Promise<number[]> {
  const rounds = configurations.map((): number[] => []);
  for (let index = 0; index < ROUNDS; index += 1) {
    for (const [position, telemetry] of configurations.entries()) rounds[position]!.push(await round(telemetry));
  }
  return rounds.map((values) => Math.round(median(values)));
}

/** CPU microseconds the telemetry observer adds to one run with no provider: a run's events replayed through it. */
async function observerPerRun(): Promise<number> {
  const events: AgentEvent[] = [];
  const model = new ScriptedModel(script, { recordCalls: false });
  await createAgent({ model, tools: [add], protocol: 'json', telemetry: false, observers: [(event) => events.push(event)] }).run('sum').result;
  const replays = 20_000;
  const replay = (observer: (event: AgentEvent) => void): number => {
    const started = process.cpuUsage();
    for (let index = 0; index < replays; index += 1) {
      const runId = `run-${index}`;
      for (const event of events) observer({ ...event, runId });
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / replays;
  };
  const rounds: number[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    // The same replay into an observer that does nothing: what the copies cost, subtracted.
    const baseline = replay(() => {});
    const observer = telemetryObserver({ provider: 'scripted', model: 'scripted' });
    await observer.ready?.(); // its API loads on demand: the replay measures it at work, not loading
    rounds.push(replay(observer) - baseline);
  }
  return Number(median(rounds).toFixed(2));
}

export async function run() {
  await round(false); // warm-up
  const [off, noProvider] = (await perRun([false, {}])) as [number, number];
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  trace.setGlobalTracerProvider(provider);
  let traced: number;
  try {
    [traced] = (await perRun([{}])) as [number];
  } finally {
    trace.disable();
    await provider.shutdown();
  }
  return {
    metrics: {
      'run, telemetry off (µs CPU)': off,
      'run, default with no tracer provider (µs CPU)': noProvider,
      'observer per run, no provider (µs CPU)': await observerPerRun(),
      'run, SDK provider + in-memory exporter (µs CPU)': traced,
    },
    notes: [
      `A scripted run of 6 turns (5 tool calls, then an answer), ${RUNS} runs a round, median of ${ROUNDS} rounds (off and no-provider rounds interleaved), process CPU time.`,
      'With no tracer provider the run opens one no-op span and then skips every event. Whole runs on a shared machine differ by more than that from round to round; `observer per run` isolates it: the events of one run (with a copy of each per replay, as the loop makes them) replayed through the observer, 20,000 runs a round, minus the same replay into an observer that does nothing.',
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
