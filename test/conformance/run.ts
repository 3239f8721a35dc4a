/**
 * `npm run conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * pinned in package.json) against both sides of reins, for both requirement sets. Client: every
 * client scenario `conformance list --client --requirements <set>` names as required, each run at
 * that set's wire version against test/conformance/client.ts, a few at a time (the suite's own
 * `--requirements` mode starts them all at once, which on two cores makes the clients time out).
 * Server: the suite's `server --requirements <set>` against test/conformance/server.ts (reins'
 * server helpers over Streamable HTTP, started here on a free port), one scenario after another.
 * Prints the pass counts per side and set; exits 1 when a required scenario fails that
 * expected-failures.yml does not list (with its reason in docs/conformance.md).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startConformanceServer } from './server.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
// Node's compile cache for the clients and the suite's CLI it starts (two processes per scenario), shared with
// vitest's (vitest.config.ts): warm after `npm test`'s vitest step, it cuts their start-up CPU.
process.env.NODE_COMPILE_CACHE ??= join(root, 'node_modules', '.cache', 'node-compile-cache');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const client = `${process.execPath} ${join(import.meta.dirname, 'client.ts')}`;
const sets = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['2026-07-28', '2025-11-25']) as string[];
const concurrency = Math.max(2, Math.min(4, availableParallelism()));

/** `set: [scenario, ...]` lists of expected-failures.yml. */
async function expectedFailures(): Promise<Map<string, Set<string>>> {
  const text = await readFile(join(import.meta.dirname, 'expected-failures.yml'), 'utf8');
  const lists = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of text.split('\n')) {
    const set = /^'?([\w-]+)'?:\s*$/.exec(line)?.[1];
    if (set) lists.set(set, (current = new Set()));
    const item = /^\s+-\s+([\w/.-]+)/.exec(line)?.[1];
    if (item && current) current.add(item);
  }
  return lists;
}

async function requiredScenarios(set: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [cli, 'list', '--client', '--requirements', set], { cwd: root });
  const required = stdout.split(/\n\s*\n/).find((block) => block.includes('Client scenarios')) ?? '';
  return [...required.matchAll(/^\s+-\s+(\S+)$/gm)].map((match) => match[1]!);
}

interface Outcome {
  scenario: string;
  passed: boolean;
  checks: string;
}

/** What the suite's CLI printed (stdout then stderr), also when it exits with failures. */
async function suiteOutput(args: string[], timeout: number): Promise<string> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: root, timeout, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

async function runScenario(set: string, scenario: string, output: string): Promise<Outcome> {
  const text = await suiteOutput(['client', '--command', client, '--scenario', scenario, '--spec-version', set, '--timeout', '60000', '-o', output], 120_000);
  return { scenario, passed: text.includes('OVERALL: PASSED'), checks: /Passed: \d+\/\d+[^\n]*/.exec(text)?.[0] ?? 'no result' };
}

async function pool<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** The required server scenarios of `set` and whether each passed, from the suite's summary (the "Not scored" ones left out). */
async function runServerScenarios(url: string, set: string, output: string): Promise<Outcome[]> {
  const text = await suiteOutput(['server', '--url', url, '--requirements', set, '--timeout', '60000', '-o', output], 300_000);
  const summary = text.slice(text.lastIndexOf('=== SUMMARY ==='));
  const unscored = new Set([...summary.matchAll(/^\s+[✓✗]\s+(\S+)\s+\(/gm)].map((match) => match[1]!));
  return [...summary.matchAll(/^([✓✗]) (\S+): (\d+ passed, \d+ failed)$/gm)]
    .filter((match) => !unscored.has(match[2]!))
    .map((match) => ({ scenario: match[2]!, passed: match[1] === '✓', checks: match[3]! }));
}

/** Prints one side's outcomes for one set; returns how many failed without being listed. */
function report(side: string, set: string, outcomes: Outcome[], expected: Set<string>): number {
  const passed = outcomes.filter((outcome) => outcome.passed);
  console.log(`\nMCP conformance, ${side}, requirements ${set}: ${passed.length}/${outcomes.length} scenarios passed`);
  let unlisted = 0;
  for (const outcome of outcomes) {
    const listed = expected.has(outcome.scenario);
    const mark = outcome.passed ? (listed ? 'PASS (listed as expected failure: remove it)' : 'pass') : listed ? 'expected failure' : 'FAIL';
    if (!outcome.passed && !listed) unlisted += 1;
    console.log(`  ${mark.padEnd(17)} ${outcome.scenario} (${outcome.checks})`);
  }
  return unlisted;
}

const baseline = await expectedFailures();
const output = await mkdtemp(join(tmpdir(), 'reins-conformance-'));
let unexpected = 0;
const server = await startConformanceServer();
try {
  for (const set of sets) {
    const scenarios = await requiredScenarios(set);
    const outcomes = await pool(scenarios, (scenario) => runScenario(set, scenario, join(output, set)));
    unexpected += report('client', set, outcomes, baseline.get(set) ?? new Set<string>());
    const served = await runServerScenarios(server.url, set, join(output, `server-${set}`));
    // No summary at all (the suite could not run) is a failure too.
    if (served.length === 0) unexpected += 1;
    unexpected += report('server', set, served, baseline.get(`server-${set}`) ?? new Set<string>());
  }
} finally {
  await server.close();
  await rm(output, { recursive: true, force: true });
}
console.log(unexpected === 0 ? '\nConformance: no unexpected failures.' : `\nConformance: ${unexpected} unexpected failure(s).`);
process.exitCode = unexpected === 0 ? 0 : 1;
