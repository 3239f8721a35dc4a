/**
 * Bench section "codecs": parse throughput of every codec, in decisions per second, for clean model
 * output and for output damaged with the ChaosModel damage kinds (seeded, so every run parses the
 * same inputs). `<protocol>.damagedAccepted` is the share of damaged inputs that still validated.
 * Each figure is the median of ROUNDS rounds of at least ROUND_SECONDS of process CPU time each (the
 * machine is shared: wall time would count other processes), after WARMUP untimed parses of the same
 * inputs (JIT warm-up); `… spread` gives the slowest and fastest round. The floor row is the
 * least any parser of the json protocol must do on the same clean inputs: `JSON.parse` and the
 * compiled Ajv validators of the decision and of the tool's arguments.
 * Runnable alone: `node bench/sections/codecs.ts`.
 */
import { ANSWER_USER_SCHEMA, ASK_USER_SCHEMA, CALL_TOOL_SCHEMA, type Decision, type ToolSpec } from '../../src/spec/decision.ts';
import type { ModelToolCall } from '../../src/spec/model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/index.ts';
import { applyDamage, damageKinds } from '../../src/testing/damage.ts';
import { seededRandom, shuffled } from '../../src/testing/seeded-random.ts';
import { compileSchema } from '../../src/tools/schema-validator.ts';
import { median, ratio, spread } from '../lib/stats.ts';

/** Parses whose outcome `damagedAccepted` counts (the first round's first ones). */
const PARSES = 3000;
const WARMUP = 3000;
const ROUNDS = 11;
const ROUND_SECONDS = 0.1;
const BATCH = 200;
const DAMAGED_INPUTS = 200;

const tools: ToolSpec[] = [
  {
    name: 'search_docs',
    description: 'Searches the documentation.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'], additionalProperties: false },
  },
  {
    name: 'set_flag',
    description: 'Sets a feature flag.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, enabled: { type: 'boolean' } }, required: ['name', 'enabled'] },
  },
];

const decisions: Decision[] = [
  { action: 'call_tool', tool: 'search_docs', args: { query: 'retry policy "backoff"', limit: 5 }, reason: 'Find the retry docs.' },
  { action: 'call_tool', tool: 'set_flag', args: { name: 'beta', enabled: true }, reason: 'The user asked for beta.' },
  { action: 'ask_user', question: 'Which environment?', why: 'Flags differ per environment.' },
  { action: 'answer_user', answer: 'Retries use exponential backoff, capped at 30 s.', confidence: 0.8 },
];

interface Input {
  text: string;
  toolCalls: ModelToolCall[];
}

function cleanInputs(name: ProtocolName): Input[] {
  return decisions.map((decision) => {
    if (name !== 'native') return { text: protocols[name].render({ decisions: [decision], tools }), toolCalls: [] };
    if (decision.action === 'call_tool') return { text: '', toolCalls: [{ id: 'c1', name: decision.tool, arguments: decision.args }] };
    const { action, ...args } = decision;
    return { text: '', toolCalls: [{ id: 'c1', name: action, arguments: args }] };
  });
}

function damagedInputs(clean: Input[], seed: number): Input[] {
  const random = seededRandom(seed);
  const out: Input[] = [];
  for (let index = 0; out.length < DAMAGED_INPUTS && index < DAMAGED_INPUTS * 10; index++) {
    const input = clean[index % clean.length] as Input;
    for (const kind of shuffled(random, damageKinds)) {
      const damaged = applyDamage(kind, input, random);
      if (damaged) {
        out.push(damaged);
        break;
      }
    }
  }
  return out;
}

interface Throughput {
  /** Median of the rounds. */
  perSecond: number;
  spread: string;
  accepted: number;
  /** Per-round codec / floor throughput ratios (clean inputs only). */
  ofFloor?: { median: number; spread: string };
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** One timed round of `parse` from index `from`: parses per CPU second and the parse count. */
function round(parse: (index: number) => boolean, from: number, minimum: number, onResult?: (ok: boolean, index: number) => void): { rate: number; parses: number } {
  // CPU time of this process, not wall time: on a shared machine other processes take the CPU away.
  // A round runs whole batches until it has used ROUND_SECONDS, so clock granularity does not matter.
  const started = process.cpuUsage();
  let parses = 0;
  let seconds: number;
  do {
    for (let index = 0; index < BATCH; index++, parses++) {
      const ok = parse(from + parses);
      onResult?.(ok, from + parses);
    }
    seconds = cpuSeconds(started);
  } while (seconds < ROUND_SECONDS || parses < minimum);
  return { rate: parses / seconds, parses };
}

/**
 * Warm-up of `parse` (and of `floorParse`), then ROUNDS timed rounds, each codec round followed by a
 * floor round on the same clean inputs, so the ratio of a round pair sees the same machine load.
 */
function measure(parse: (index: number) => boolean, floorParse?: (index: number) => boolean): Throughput {
  for (let index = 0; index < WARMUP; index++) {
    parse(index);
    floorParse?.(index);
  }
  const rates: number[] = [];
  const ratios: number[] = [];
  let accepted = 0;
  let checked = 0;
  for (let index = 0; index < ROUNDS; index++) {
    const count = (ok: boolean, at: number) => {
      if (index !== 0 || at >= PARSES) return;
      checked++;
      if (ok) accepted++;
    };
    const { rate } = round(parse, 0, index === 0 ? PARSES : 0, count);
    rates.push(rate);
    if (floorParse) ratios.push(rate / round(floorParse, 0, 0).rate);
  }
  accepted /= checked;
  const rounded = (rate: number) => Math.round(rate).toLocaleString('en-US');
  const result: Throughput = { perSecond: median(rates), spread: `${rounded(Math.min(...rates))} – ${rounded(Math.max(...rates))} /s (${ROUNDS} rounds)`, accepted };
  if (floorParse) result.ofFloor = { median: ratio(median(ratios), 1), spread: spread(ratios) };
  return result;
}

function throughput(name: ProtocolName, inputs: Input[], floorParse?: (index: number) => boolean): Throughput {
  const codec = protocols[name];
  return measure((index) => {
    const input = inputs[index % inputs.length] as Input;
    return codec.parse(input.text, { tools, toolCalls: input.toolCalls }).success;
  }, floorParse);
}

/** The floor under the json protocol: `JSON.parse` + compiled Ajv (decision schema, then tool args). */
function floorParser(inputs: Input[]): (index: number) => boolean {
  const decisionSchemas = { call_tool: compileSchema(CALL_TOOL_SCHEMA), ask_user: compileSchema(ASK_USER_SCHEMA), answer_user: compileSchema(ANSWER_USER_SCHEMA) };
  const argsSchemas = new Map(tools.map((tool) => [tool.name, compileSchema(tool.inputSchema)]));
  return (index) => {
    const value = JSON.parse((inputs[index % inputs.length] as Input).text) as { action: keyof typeof decisionSchemas; tool?: string; args?: unknown };
    if (!decisionSchemas[value.action](value)) return false;
    return value.action !== 'call_tool' || (argsSchemas.get(value.tool as string)?.(value.args) ?? false);
  };
}

export async function run(): Promise<{ metrics: Record<string, number | string>; notes: string[] }> {
  const out: Record<string, number | string> = {};
  const floor = floorParser(cleanInputs('json'));
  for (const name of Object.keys(protocols) as ProtocolName[]) {
    const clean = cleanInputs(name);
    const cleanResult = throughput(name, clean, floor);
    const damagedResult = throughput(name, damagedInputs(clean, 42));
    out[`${name}.cleanPerSecond`] = cleanResult.perSecond;
    out[`${name}.cleanPerSecond spread`] = cleanResult.spread;
    out[`${name}.clean / floor`] = cleanResult.ofFloor?.median ?? Number.NaN;
    out[`${name}.clean / floor spread`] = cleanResult.ofFloor?.spread ?? '';
    out[`${name}.damagedPerSecond`] = damagedResult.perSecond;
    out[`${name}.damagedAccepted`] = damagedResult.accepted;
  }
  const floorResult = measure(floor);
  out['floor (JSON.parse + compiled Ajv, json clean inputs).perSecond'] = floorResult.perSecond;
  out['floor (JSON.parse + compiled Ajv, json clean inputs).perSecond spread'] = floorResult.spread;
  const notes = [
    `Each figure: median of ${ROUNDS} rounds of at least ${ROUND_SECONDS * 1000} ms of process CPU time (user + system; the machine is shared), after ${WARMUP.toLocaleString('en-US')} untimed parses of the same inputs (JIT warm-up); spread = slowest – fastest round.`,
    'Clean inputs: the four decisions of the bench (two tool calls, a question, an answer) as each protocol renders them; native gets them as tool calls.',
    'The floor row does on the json clean inputs only what any json parser must: JSON.parse, then the compiled Ajv validators of the decision and of the tool arguments.',
    `"clean / floor" is the median of per-round ratios, each codec round followed by a floor round (same load on both); the same json floor serves every protocol (the same four decisions). Spread: min–max of the ${ROUNDS} round pairs.`,
  ];
  return { metrics: out, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table((await run()).metrics);
}
