/**
 * `npm run conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * pinned in package.json) in client mode against reins (test/conformance/client.ts), for both
 * requirement sets: every client scenario `conformance list --client --requirements <set>` names as
 * required, each run at that set's wire version. Prints the pass counts per set; exits 1 when a
 * scenario fails that expected-failures.yml does not list (with its reason in docs/conformance.md).
 * Scenarios run a few at a time: the suite's own `--requirements` mode starts them all at once,
 * which on two cores makes the clients time out.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

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

async function runScenario(set: string, scenario: string, output: string): Promise<Outcome> {
  const args = [cli, 'client', '--command', client, '--scenario', scenario, '--spec-version', set, '--timeout', '60000', '-o', output];
  let text: string;
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: root, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
    text = stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    text = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
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

const baseline = await expectedFailures();
const output = await mkdtemp(join(tmpdir(), 'reins-conformance-'));
let unexpected = 0;
try {
  for (const set of sets) {
    const expected = baseline.get(set) ?? new Set<string>();
    const scenarios = await requiredScenarios(set);
    const outcomes = await pool(scenarios, (scenario) => runScenario(set, scenario, join(output, set)));
    const passed = outcomes.filter((outcome) => outcome.passed);
    console.log(`\nMCP conformance, client, requirements ${set}: ${passed.length}/${outcomes.length} scenarios passed`);
    for (const outcome of outcomes) {
      const listed = expected.has(outcome.scenario);
      const mark = outcome.passed ? (listed ? 'PASS (listed as expected failure: remove it)' : 'pass') : listed ? 'expected failure' : 'FAIL';
      if (!outcome.passed && !listed) unexpected += 1;
      console.log(`  ${mark.padEnd(17)} ${outcome.scenario} (${outcome.checks})`);
    }
  }
} finally {
  await rm(output, { recursive: true, force: true });
}
console.log(unexpected === 0 ? '\nConformance: no unexpected failures.' : `\nConformance: ${unexpected} unexpected failure(s).`);
process.exitCode = unexpected === 0 ? 0 : 1;
