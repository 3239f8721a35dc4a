/**
 * Bench section "ui": `reins ui` over a sessions database of 10,000 runs (11 records each: a tool
 * call and an answer, about 110,000 records, written straight into SQLite in one transaction).
 * - open to first list page ms: the viewer started in this process (`startUi`: database opened,
 *   port bound), then the page and the first list page answered; median of STARTS.
 * - CLI start to first list page ms: from spawning `reins ui --no-open` (the real CLI, a new Node
 *   process) until the first page of the runs list (`/api/runs`, 50 runs newest first with steps and
 *   tokens) has been answered; the median of STARTS starts.
 * - list page ms (first / last / filtered): one `/api/runs` request on the running server, median of
 *   REQUESTS (page 1; page 200, the oldest runs; a text filter over every question).
 * Runnable alone: `node --conditions=reins-source bench/sections/ui.ts`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { migrateSessionsSchema } from '../../src/sessions/sqlite-schema.ts';
import { startUi as startUiServer } from '../../src/ui/start-ui.ts';
import { median } from '../lib/stats.ts';

export const title = 'reins ui on 10,000 runs';

const RUNS = 10_000;
const STARTS = 5;
const REQUESTS = 21;
const root = join(import.meta.dirname, '..', '..');

export function fill(path: string): void {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL;');
  migrateSessionsSchema(db);
  const insertRun = db.prepare(
    "INSERT INTO runs (id, question, model, protocol, status, meta, created_at, updated_at, record_count) VALUES (?, ?, 'openai:gpt-4o-mini', 'json', ?, ?, ?, ?, 11)",
  );
  const insertRecord = db.prepare('INSERT INTO records (run_id, seq, at, step, type, body) VALUES (?, ?, ?, ?, ?, ?)');
  const start = Date.parse('2026-01-01T00:00:00Z');
  db.exec('BEGIN');
  for (let index = 0; index < RUNS; index += 1) {
    const id = `${String(index).padStart(8, '0')}-0000-4000-8000-000000000000`;
    const question = `What is the weather in city number ${index}?`;
    const at = (offset: number) => new Date(start + index * 60_000 + offset).toISOString();
    insertRun.run(id, question, index % 7 === 0 ? 'failed' : 'answered', JSON.stringify({ question, model: 'openai:gpt-4o-mini', protocol: 'json' }), at(0), at(900));
    const usage = { inputTokens: 300, outputTokens: 40 };
    const bodies: Array<[number, string, object]> = [
      [0, 'run-start', { question, protocol: 'json', tools: [] }],
      [1, 'model-request', { attempt: 1, system: 'You are a planner.', messages: [{ role: 'user', content: question }], sharedMessages: 0 }],
      [1, 'model-response', { text: '{"action":"call_tool","tool":"weather","args":{"city":"x"},"reason":"r"}', toolCalls: [], usage, modelId: 'gpt-4o-mini' }],
      [1, 'decision', { decision: { action: 'call_tool' }, decisions: [], thoughts: [], repaired: false, dialect: 'json' }],
      [1, 'tool-call-start', { callId: 'c1', tool: 'weather', args: { city: 'x' } }],
      [1, 'tool-call-end', { callId: 'c1', tool: 'weather', outcome: 'result', result: { content: [{ type: 'text', text: 'sunny' }] }, observation: 'sunny' }],
      [2, 'model-request', { attempt: 1, system: 'You are a planner.', messages: [], sharedMessages: 1 }],
      [2, 'model-response', { text: '{"action":"answer_user","answer":"sunny"}', toolCalls: [], usage, modelId: 'gpt-4o-mini' }],
      [2, 'decision', { decision: { action: 'answer_user' }, decisions: [], thoughts: [], repaired: false, dialect: 'json' }],
      [2, 'answer', { answer: 'sunny' }],
      [2, 'run-end', { status: 'answered', usage: { inputTokens: 600, outputTokens: 80 } }],
    ];
    bodies.forEach(([step, type, body], seq) => insertRecord.run(id, seq + 1, at(seq * 80), step, type, JSON.stringify({ type, step, ...body })));
  }
  db.exec('COMMIT');
  db.close();
}

interface Started {
  url: URL;
  cookie: string;
  stop: () => void;
}

/** Opens the viewer in this process (`startUi`) and times it to the first list page answered. */
async function openInProcess(path: string): Promise<number> {
  const began = performance.now();
  const ui = await startUiServer({ location: path });
  try {
    const url = new URL(ui.url);
    const page = await fetch(url);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    await page.text();
    const body = (await (await fetch(new URL('/api/runs', url), { headers: { cookie } })).json()) as { total: number };
    if (body.total !== RUNS) throw new Error(`unexpected total ${body.total}`);
    return performance.now() - began;
  } finally {
    await ui.close();
  }
}

/** CPU time (user + system) a live child process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Spawns `reins ui` and resolves once the first list page is answered, with the elapsed ms. */
async function startUi(path: string): Promise<{ ms: number; cpuMs: number; ui: Started }> {
  const began = performance.now();
  const child = spawn(join(root, 'node_modules', '.bin', 'node'), [join(root, 'bin', 'reins.js'), 'ui', '--store', path, '--no-open'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const line = await new Promise<string>((resolve, reject) => {
    lines.on('line', (text) => text.startsWith('reins ui: ') && resolve(text.slice(10)));
    child.once('exit', (code) => reject(new Error(`reins ui exited with ${code}`)));
  });
  const url = new URL(line);
  const page = await fetch(url);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
  await page.text();
  const list = await fetch(new URL('/api/runs', url), { headers: { cookie } });
  const body = (await list.json()) as { total: number; runs: unknown[] };
  if (body.total !== RUNS || body.runs.length !== 50) throw new Error(`unexpected first page: ${body.total} runs, ${body.runs.length} shown`);
  return { ms: performance.now() - began, cpuMs: cpuMsOf(child.pid), ui: { url, cookie, stop: () => child.kill() } };
}

async function requestMs(ui: Started, query: string): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const began = performance.now();
    await (await fetch(new URL(`/api/runs${query}`, ui.url), { headers: { cookie: ui.cookie } })).json();
    times.push(performance.now() - began);
  }
  return median(times);
}

export async function run() {
  const folder = await mkdtemp(join(tmpdir(), 'reins-bench-ui-'));
  try {
    const path = join(folder, 'sessions.db');
    fill(path);
    await openInProcess(path); // warm-up: modules loaded and compiled once
    const opens: number[] = [];
    for (let index = 0; index < STARTS; index += 1) opens.push(await openInProcess(path));
    const starts: number[] = [];
    const startCpu: number[] = [];
    let last: Started | undefined;
    for (let index = 0; index < STARTS; index += 1) {
      last?.stop();
      const { ms, cpuMs, ui } = await startUi(path);
      starts.push(ms);
      startCpu.push(cpuMs);
      last = ui;
    }
    const ui = last!;
    try {
      const first = await requestMs(ui, '');
      const oldest = await requestMs(ui, '?page=200');
      const filtered = await requestMs(ui, '?q=number%20999');
      return {
        metrics: {
          'open to first list page (ms)': Math.round(median(opens)),
          'CLI start to first list page (ms)': Math.round(median(starts)),
          'CLI start to first list page (CPU ms)': Math.round(median(startCpu)),
          'list page 1 (ms)': Number(first.toFixed(1)),
          'list page 200 (ms)': Number(oldest.toFixed(1)),
          'text filter page (ms)': Number(filtered.toFixed(1)),
        },
        notes: [
          `${RUNS.toLocaleString('en')} runs of 11 records each. Open: the viewer started in the bench process (database opened, port bound) until the first page and the first list page (50 runs) are answered, median of ${STARTS}. CLI start: spawning \`reins ui --no-open\` (a new Node process running the TypeScript source of this clone) to the first list page answered, median of ${STARTS}, in wall time and in the CPU time of that process (from /proc: wall time on a shared machine counts other processes). Requests: median of ${REQUESTS} on the running server.`,
        ],
      };
    } finally {
      ui.stop();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
