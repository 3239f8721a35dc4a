/**
 * Bench section "codecs": parse throughput of every codec, in decisions per second, for clean model
 * output and for output damaged with the ChaosModel damage kinds (seeded, so every run parses the
 * same inputs). `<protocol>.damagedAccepted` is the share of damaged inputs that still validated.
 * Runnable alone: `node bench/sections/codecs.ts`.
 */
import type { Decision, ToolSpec } from '../../src/decision.ts';
import type { ModelToolCall } from '../../src/models/model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/index.ts';
import { applyDamage, damageKinds } from '../../src/testing/damage.ts';
import { seededRandom, shuffled } from '../../src/testing/seeded-random.ts';

const PARSES = 3000;
const WARMUP = 300;
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

function throughput(name: ProtocolName, inputs: Input[]): { perSecond: number; accepted: number } {
  const codec = protocols[name];
  let accepted = 0;
  const parse = (index: number) => {
    const input = inputs[index % inputs.length] as Input;
    return codec.parse(input.text, { tools, toolCalls: input.toolCalls }).success;
  };
  for (let index = 0; index < WARMUP; index++) parse(index);
  const started = performance.now();
  for (let index = 0; index < PARSES; index++) if (parse(index)) accepted++;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: PARSES / seconds, accepted: accepted / PARSES };
}

export async function run(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(protocols) as ProtocolName[]) {
    const clean = cleanInputs(name);
    const cleanResult = throughput(name, clean);
    const damagedResult = throughput(name, damagedInputs(clean, 42));
    out[`${name}.cleanPerSecond`] = cleanResult.perSecond;
    out[`${name}.damagedPerSecond`] = damagedResult.perSecond;
    out[`${name}.damagedAccepted`] = damagedResult.accepted;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
