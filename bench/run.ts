/**
 * `npm run bench`: runs every section in bench/sections/ (or those named on the command line, e.g.
 * `npm run bench -- peers scale`), prints one table, merges the figures into bench/results.json and
 * rewrites BENCHMARKS.md (and the figures README.md quotes) from it, so the numbers and the documents
 * never disagree. A section is a file exporting `run()`, returning flat metrics or
 * `{ metrics, notes }`, and optionally a `title`; adding one is dropping a file in bench/sections/.
 * Speed is measured here only, never asserted in tests.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readResults } from './lib/bench-results.ts';
import { formatValue, renderBenchmarksDoc, renderReadmeFigures, withReadmeFigures } from './lib/benchmarks-doc.ts';
import { describeMachine } from './lib/machine.ts';
import { readmeQuotes } from './lib/readme-quotes.ts';
import { toReport, type Section } from './lib/section.ts';

const root = join(import.meta.dirname, '..');
const sectionsDir = join(import.meta.dirname, 'sections');
const resultsFile = join(import.meta.dirname, 'results.json');
const wanted = new Set(process.argv.slice(2));
const files = (await readdir(sectionsDir)).filter((file) => file.endsWith('.ts')).sort();
const names = files.map((file) => basename(file, '.ts')).filter((name) => wanted.size === 0 || wanted.has(name));
const unknown = [...wanted].filter((name) => !names.includes(name));
if (unknown.length > 0) throw new Error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${files.join(', ')}`);

const machine = describeMachine();
const results = readResults(resultsFile);
const rows: Array<{ section: string; metric: string; value: string }> = [];
const benchStarted = performance.now();
for (const name of names) {
  const started = performance.now();
  const date = new Date().toISOString();
  try {
    const section = (await import(pathToFileURL(join(sectionsDir, `${name}.ts`)).href)) as Section;
    const report = toReport(await section.run());
    const seconds = (performance.now() - started) / 1000;
    results.sections[name] = { title: section.title ?? name, date, seconds, machine, ...report };
    for (const [metric, value] of Object.entries(report.metrics)) rows.push({ section: name, metric, value: formatValue(value) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const seconds = (performance.now() - started) / 1000;
    results.sections[name] = { title: name, date, seconds, machine, metrics: {}, notes: [], error: message };
    rows.push({ section: name, metric: 'error', value: message });
    process.exitCode = 1;
  }
  console.error(`bench ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

console.table(rows);
console.error(`bench total: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
await writeFile(join(root, 'BENCHMARKS.md'), renderBenchmarksDoc(results, machine));
const readmeFile = join(root, 'README.md');
if (existsSync(readmeFile)) {
  const readme = await readFile(readmeFile, 'utf8');
  const updated = withReadmeFigures(readme, renderReadmeFigures(results, readmeQuotes));
  if (updated !== readme) await writeFile(readmeFile, updated);
}
console.log(`wrote ${resultsFile} and BENCHMARKS.md`);
