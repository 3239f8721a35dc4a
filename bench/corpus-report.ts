/**
 * The corpus scores on their own, fast (no chaos runs, no BENCHMARKS.md):
 *
 *   npm run corpus -- [--file sglang] [--format qwen] [--protocol xml]
 *        [--failures] [--outcome wrongly-accepted] [--limit 50]
 *
 * Prints the per-file and per-format tables (right % · refused · wrongly accepted, per protocol) and the
 * peer-parsers table (right % · refused · wrongly accepted · answers still carrying markup, per
 * repository); with `--failures`, every misread or refused case (input, expected, got). `--file` and `--format` keep the
 * files / format labels containing the text; `--protocol` may be repeated.
 */
import { parseArgs } from 'node:util';
import type { ProtocolName } from '../src/protocols/codec.ts';
import { protocols } from '../src/protocols/get-codec.ts';
import { loadCorpus } from './lib/corpus-cases.ts';
import { runCorpus, type CaseResult } from './lib/corpus-run.ts';
import { outcomes, type Outcome } from './lib/corpus-scorer.ts';
import { fileTable, formatTable, plainTable } from './lib/corpus-tables.ts';
import { peerTable, scorePeerParsers, type PeerResult } from './lib/peer-parsers.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    format: { type: 'string' },
    protocol: { type: 'string', multiple: true },
    failures: { type: 'boolean', default: false },
    outcome: { type: 'string', multiple: true },
    limit: { type: 'string', default: '200' },
  },
});

const all = Object.keys(protocols) as ProtocolName[];
const names = values.protocol?.length ? all.filter((name) => values.protocol?.includes(name)) : all;
const wanted = (values.outcome?.length ? values.outcome : ['rejected', 'wrongly-accepted']) as Outcome[];
const unknown = wanted.filter((outcome) => !outcomes.includes(outcome));
if (unknown.length > 0) throw new Error(`Unknown outcome(s): ${unknown.join(', ')}. Known: ${outcomes.join(', ')}`);

const corpus = loadCorpus();
if (!corpus) throw new Error('Corpus not found beside the repo (../shared/corpus/).');
const files = corpus
  .filter((file) => !values.file || file.file.includes(values.file))
  .map((file) => ({ ...file, cases: file.cases.filter((item) => !values.format || item.label.toLowerCase().includes(values.format.toLowerCase())) }));
const results = runCorpus(files, names);

console.log(plainTable(fileTable(results, names)));
console.log();
console.log(plainTable(formatTable(results, names)));

const peer = !values.file || 'peer-parsers'.includes(values.file) ? scorePeerParsers() : undefined;
if (peer) {
  console.log();
  console.log(plainTable(peerTable(peer)));
}

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function printFailure(result: CaseResult): void {
  console.log(`\n--- ${result.outcome} · ${result.protocol} · ${result.file} · ${result.label} · ${result.id}`);
  console.log(`input:    ${clip(JSON.stringify(result.input))}`);
  console.log(`expected: ${clip(show(result.expected))}`);
  console.log(`got:      ${clip(show(result.got))}`);
}

function printPeerFailure(result: PeerResult): void {
  console.log(`\n--- ${result.markup ? 'markup in answer' : result.verdict} · ${result.source}`);
  console.log(`input:    ${clip(JSON.stringify(result.text))}`);
  console.log(`expected: ${clip(show(result.expected))}`);
  console.log(`got:      ${clip(show(result.got))}`);
}

if (values.failures) {
  const failures = results.filter((result) => wanted.includes(result.outcome));
  const limit = Number(values.limit);
  console.log(`\n${failures.length} case(s) ${wanted.join(' or ')}${failures.length > limit ? `, first ${limit} shown (--limit)` : ''}:`);
  for (const result of failures.slice(0, limit)) printFailure(result);
  // Peer outcomes by the same names: `rejected` is refused, `wrongly-accepted` includes answers still carrying markup.
  const peerFailures = (peer ?? []).filter(
    (result) => (result.verdict === 'refused' && wanted.includes('rejected')) || ((result.verdict === 'wrongly accepted' || result.markup) && wanted.includes('wrongly-accepted')),
  );
  if (peerFailures.length > 0) console.log(`\n${peerFailures.length} peer-parsers case(s)${peerFailures.length > limit ? `, first ${limit} shown (--limit)` : ''}:`);
  for (const result of peerFailures.slice(0, limit)) printPeerFailure(result);
}
