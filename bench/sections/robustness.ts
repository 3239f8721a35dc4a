/**
 * Bench section "robustness":
 * 1. Every codec over the shared corpus (`../shared/corpus/` beside the repo, skipped with a note when
 *    absent): share of records accepted and correct (or rightly rejected), rejected, and wrongly
 *    accepted, comparing parsed JSON (see bench/lib/corpus-scorer.ts), per file and per format label
 *    (dialect) in two tables. broken-json records are damaged
 *    arguments, so they are scored only where a codec has an arguments slot of their own: native (the
 *    tool call's arguments string) and xml (`<parameters>`).
 * 2. ChaosModel runs (30% of outputs damaged) of a three-call task per protocol, and the same damaged
 *    native turns through the AI SDK's `generateText` tool loop: share of runs that end with the right
 *    answer, and model calls beyond the four an undamaged run needs.
 * Runnable alone: `node bench/sections/robustness.ts`.
 */
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import { aiSdkChaosRun, MINIMAL_CALLS, reinsChaosRun, type ChaosOutcome } from '../lib/chaos-task.ts';
import { loadCorpus } from '../lib/corpus-cases.ts';
import { argumentFiles, runCorpus, tallyBy } from '../lib/corpus-run.ts';
import { fileTable, formatTable, summary } from '../lib/corpus-tables.ts';
import { peerCell, peerTable, scorePeerParsers } from '../lib/peer-parsers.ts';
import type { SectionReport } from '../lib/section.ts';
import { percent } from '../lib/stats.ts';

const CHAOS_RUNS = 200;
const CHAOS_RATE = 0.3;
const names = Object.keys(protocols) as ProtocolName[];

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
  report.notes.push(
    'llamacpp-partial-json.json: each input as a call\'s arguments (like broken-json); complete inputs expect their JSON, cut ones llama.cpp\'s healed value or a refusal; cut inputs whose healed form dumps arguments as text are skipped (a streaming display, not a value).',
  );
  report.notes.push('"all model outputs" = every file of raw model text (all but broken-json and llamacpp-partial-json), the same records for every protocol.');
  report.notes.push(
    '"right" = accepted with the expected calls/answer (complete records), passing every check a partial record lists (vLLM-schema files), or refused where the record expects an error or no call; ' +
      '"refused" = no decision where calls or an answer were expected; tools are offered with permissive schemas unless the record gives its tools\' schemas. ' +
      '"n/a" = the record\'s rule does not apply to the protocol (a plain-text answer that json/envelope/line correct; prose a ReAct parser refuses, read as that prose by native/xml; a value the record\'s own tool schema rejects, read by the schema): not counted in right %, and the share counting them as failures is given beside it. ' +
      'llama.cpp answers are compared with reasoning extracted (reins always extracts it) and without text the generation prompt prefilled (bench/lib/llamacpp-answer.ts). ' +
      'Per-format cells: right % of the applicable · refused · wrongly accepted (counts) [· n/a count]. ' +
      'Failures: `node --conditions=reins-source bench/corpus-report.ts --failures`.',
  );
  const results = runCorpus(corpus, names);
  const byFile = tallyBy(results, (result) => `${result.protocol}\u0000${result.file}`);
  for (const protocol of names) {
    for (const file of corpus) {
      const tally = byFile.get(`${protocol}\u0000${file.file}`);
      if (tally) report.metrics[`corpus ${protocol} · ${file.file.replace(/\.json$/, '')}`] = summary(tally);
    }
    const total = tallyBy(results.filter((result) => result.protocol === protocol && !argumentFiles.has(result.file)), () => 'all').get('all');
    if (total) report.metrics[`corpus ${protocol} · all model outputs`] = summary(total);
  }
  report.tables = [fileTable(results, names), formatTable(results, names)];
  const peer = scorePeerParsers();
  if (peer) {
    report.metrics['corpus peer-parsers-toolcalls (right · refused · wrongly accepted · answers with markup)'] = peerCell(peer);
    report.notes.push('peer-parsers-toolcalls.json: each case parsed with its own protocol and tools, judged as its scorer (score-peer.mjs) does; the last figure counts answers judged right that still carry protocol markup the peer did not keep.');
    report.tables.push(peerTable(peer));
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
  const report: SectionReport = { metrics: {}, notes: [], tables: [] };
  corpusMetrics(report);
  await chaosMetrics(report);
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
  for (const note of report.notes) console.log(`- ${note}`);
}
