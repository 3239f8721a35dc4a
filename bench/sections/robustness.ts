/**
 * Bench section "robustness":
 * 1. Every codec over the shared corpus (`../shared/corpus/` beside the repo, skipped with a note when
 *    absent): share of records accepted and correct (or rightly rejected), rejected, and wrongly
 *    accepted, comparing parsed JSON (see bench/lib/corpus-scorer.ts). broken-json records are damaged
 *    arguments, so they are scored only where a codec has an arguments slot of their own: native (the
 *    tool call's arguments string) and xml (`<parameters>`).
 * 2. ChaosModel runs (30% of outputs damaged) of a three-call task per protocol, and the same damaged
 *    native turns through the AI SDK's `generateText` tool loop: share of runs that end with the right
 *    answer, and model calls beyond the four an undamaged run needs.
 * Runnable alone: `node bench/sections/robustness.ts`.
 */
import type { ModelToolCall } from '../../src/models/model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import { aiSdkChaosRun, MINIMAL_CALLS, reinsChaosRun, type ChaosOutcome } from '../lib/chaos-task.ts';
import { loadCorpus, type CorpusCase, type CorpusFile } from '../lib/corpus-cases.ts';
import { emptyTally, scoreParse, tallyTotal, type Tally } from '../lib/corpus-scorer.ts';
import type { SectionReport } from '../lib/section.ts';
import { percent } from '../lib/stats.ts';

const CHAOS_RUNS = 200;
const CHAOS_RATE = 0.3;
const names = Object.keys(protocols) as ProtocolName[];

/** What `codec` is given for one case; undefined when the case has no place in this protocol. */
function inputFor(protocol: ProtocolName, item: CorpusCase): { text: string; toolCalls: ModelToolCall[] } | undefined {
  if (item.argumentsText === undefined) return { text: item.text, toolCalls: [] };
  if (protocol === 'native') return { text: '', toolCalls: [{ id: 'call_1', name: 'probe', arguments: item.argumentsText }] };
  if (protocol === 'xml') return { text: `<tool_code>\n<name>probe</name>\n<parameters>\n${item.argumentsText}\n</parameters>\n</tool_code>`, toolCalls: [] };
  return undefined;
}

function scoreFile(protocol: ProtocolName, corpus: CorpusFile): Tally | undefined {
  const tally = emptyTally();
  for (const item of corpus.cases) {
    const input = inputFor(protocol, item);
    if (!input) return undefined;
    const result = protocols[protocol].parse(input.text, { tools: item.tools, toolCalls: input.toolCalls, maxActions: item.maxActions });
    tally[scoreParse(result, item.expect)] += 1;
  }
  return tally;
}

const summary = (tally: Tally) => {
  const n = tallyTotal(tally);
  const right = tally['accepted-correct'] + tally['rejected-correctly'];
  return `${percent(right, n)} right · ${percent(tally.rejected, n)} rejected · ${percent(tally['wrongly-accepted'], n)} wrongly accepted (n=${n})`;
};

function corpusMetrics(report: SectionReport): void {
  const corpus = loadCorpus();
  if (!corpus) {
    report.notes.push('Corpus not found beside the repo (../shared/corpus/): corpus scoring skipped.');
    return;
  }
  for (const file of corpus) {
    const skipped = Object.entries(file.skipped).map(([reason, count]) => `${count} ${reason}`).join(', ');
    report.notes.push(`${file.file}: ${file.cases.length} records scored${skipped ? `; skipped: ${skipped}` : ''}.`);
  }
  report.notes.push('llamacpp-partial-json.json: not scored (its expected values are llama.cpp\'s streaming re-serialisation, args dumped as strings, not decisions).');
  report.notes.push('"all model outputs" = the three files of raw model text (llama.cpp, vLLM, ReAct/XML), the same records for every protocol.');
  report.notes.push('"right" = accepted with the expected calls/answer, or rejected where the record expects an error; "rejected" = no decision where one was expected.');
  for (const protocol of names) {
    const total = emptyTally();
    for (const file of corpus) {
      const tally = scoreFile(protocol, file);
      if (!tally) continue;
      report.metrics[`corpus ${protocol} · ${file.file.replace(/\.json$/, '')}`] = summary(tally);
      if (file.file === 'broken-json.json') continue;
      for (const [outcome, count] of Object.entries(tally) as Array<[keyof Tally, number]>) total[outcome] += count;
    }
    report.metrics[`corpus ${protocol} · all model outputs`] = summary(total);
  }
}

async function chaosMetrics(report: SectionReport): Promise<void> {
  const describe = async (label: string, runOnce: (seed: number) => Promise<ChaosOutcome>) => {
    let right = 0;
    let extra = 0;
    for (let seed = 1; seed <= CHAOS_RUNS; seed++) {
      const outcome = await runOnce(seed);
      if (outcome.right) right++;
      extra += outcome.modelCalls - MINIMAL_CALLS;
    }
    report.metrics[`chaos ${label} · right answer`] = percent(right, CHAOS_RUNS);
    report.metrics[`chaos ${label} · extra model calls/run`] = extra / CHAOS_RUNS;
  };
  for (const protocol of names) await describe(`reins ${protocol}`, (seed) => reinsChaosRun(protocol, seed, CHAOS_RATE));
  await describe('AI SDK (native tool calls)', (seed) => aiSdkChaosRun(seed, CHAOS_RATE));
  report.notes.push(
    `ChaosModel: ${CHAOS_RUNS} seeded runs per row, ${CHAOS_RATE * 100}% of model outputs damaged; a clean run takes ${MINIMAL_CALLS} model calls. ` +
      'Native turns (reins native and the AI SDK) get the same seeds, so the same damage: a renamed tool, a mistyped argument or a duplicated call on tool calls, and text damage on the plain-text answer.',
  );
  report.notes.push(
    'Policies differ: reins allows 3 corrections per turn (maxRetries) and one action per turn, so a duplicated call is corrected (one more model call) and 4 damaged outputs in a row end the run; ' +
      'the AI SDK runs both duplicated calls, and feeds invalid calls back as tool errors until its 20-step limit.',
  );
}

export const title = 'Robustness';

export async function run(): Promise<SectionReport> {
  const report: SectionReport = { metrics: {}, notes: [] };
  corpusMetrics(report);
  await chaosMetrics(report);
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
  for (const note of report.notes) console.log(`- ${note}`);
}
