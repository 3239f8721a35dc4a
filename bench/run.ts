/**
 * `npm run bench`: runs every section in bench/sections/ (or those named on the command line, e.g.
 * `npm run bench -- codecs loop`), prints one table and writes bench/results.json.
 * A section is a file exporting `run(): Promise<Record<string, number | string>>`; adding one is
 * dropping a file in bench/sections/. Speed is measured here only, never asserted in tests.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Metrics = Record<string, number | string>;
interface Section {
  run(): Promise<Metrics> | Metrics;
}

const sectionsDir = join(import.meta.dirname, 'sections');
const wanted = new Set(process.argv.slice(2));
const files = (await readdir(sectionsDir)).filter((file) => file.endsWith('.ts')).sort();
const names = files.map((file) => basename(file, '.ts')).filter((name) => wanted.size === 0 || wanted.has(name));
const unknown = [...wanted].filter((name) => !names.includes(name));
if (unknown.length > 0) throw new Error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${files.join(', ')}`);

const results: Record<string, Metrics | { error: string }> = {};
const rows: Array<{ section: string; metric: string; value: number | string }> = [];
for (const name of names) {
  const started = performance.now();
  try {
    const section = (await import(pathToFileURL(join(sectionsDir, `${name}.ts`)).href)) as Section;
    const metrics = await section.run();
    results[name] = metrics;
    for (const [metric, value] of Object.entries(metrics)) rows.push({ section: name, metric, value: round(value) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results[name] = { error: message };
    rows.push({ section: name, metric: 'error', value: message });
    process.exitCode = 1;
  }
  console.error(`bench ${name}: ${Math.round(performance.now() - started)} ms`);
}

console.table(rows);
const output = join(import.meta.dirname, 'results.json');
await writeFile(output, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
console.log(`wrote ${output}`);

function round(value: number | string): number | string {
  if (typeof value !== 'number' || Number.isInteger(value)) return value;
  return Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(4));
}
