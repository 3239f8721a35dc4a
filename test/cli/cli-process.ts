/**
 * Runs the real `reins` CLI as a child process with the project's Node 24, in its own process
 * group (so a test can `kill -9` it together with the MCP servers it started), and gives its stdout
 * line by line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');
export const BIN = join(ROOT, 'bin', 'reins.js');
export const FIXTURES = join(import.meta.dirname, 'fixtures');
const servers = join(ROOT, 'node_modules', '@modelcontextprotocol');
export const EVERYTHING = join(servers, 'server-everything', 'dist', 'index.js');
export const MEMORY = join(servers, 'server-memory', 'dist', 'index.js');

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ReinsProcess {
  child: ChildProcess;
  /** Resolves with the first stdout line (this one or a later one) that matches. */
  line(match: (line: string) => boolean): Promise<string>;
  finished: Promise<Finished>;
  /** kill -9 of the CLI and everything it started. */
  killHard(): void;
}

export function startReins(args: readonly string[], options: { cwd: string; env?: Record<string, string> }): ReinsProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...options.env };
  delete env.REINS_MODEL;
  delete env.FORCE_COLOR;
  const child = spawn(NODE, [BIN, ...args], { cwd: options.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const complete = stdout.split('\n').slice(0, -1);
    for (const line of complete.slice(lines.length)) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (!waiter.match(line)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const finished = new Promise<Finished>((done) => child.on('close', (code, signal) => done({ code, signal, stdout, stderr })));
  return {
    child,
    finished,
    line: (match) => {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolveLine, reject) => {
        waiters.push({ match, resolve: resolveLine });
        void finished.then((end) => reject(new Error(`reins exited (${end.code}) before the line came.\nstdout:\n${end.stdout}\nstderr:\n${end.stderr}`)));
      });
    },
    killHard: () => process.kill(-(child.pid as number), 'SIGKILL'),
  };
}

/** Runs the CLI to its end; `input` is written to stdin, which is then closed. */
export async function reins(args: readonly string[], options: { cwd: string; env?: Record<string, string>; input?: string }): Promise<Finished> {
  const run = startReins(args, options);
  run.child.stdin?.end(options.input ?? '');
  return run.finished;
}

/** JSON Lines of stdout, parsed. */
export function jsonLines(stdout: string): Array<Record<string, unknown> & { type: string }> {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown> & { type: string });
}

export async function tempWorkspace(): Promise<{ dir: string; store: string; write(name: string, value: unknown): Promise<string>; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'reins-cli-'));
  return {
    dir,
    store: join(dir, 'sessions.db'),
    write: async (name, value) => {
      const path = join(dir, name);
      await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The stored run, as `reins show <id> --json` prints it. */
export async function showJson(id: string, cwd: string, store: string) {
  const shown = await reins(['show', id, '--json', '--store', store], { cwd });
  if (shown.code !== 0) throw new Error(`reins show failed (${shown.code}): ${shown.stderr}`);
  return JSON.parse(shown.stdout) as {
    summary: { id: string; status: string };
    records: Array<Record<string, unknown> & { type: string; step: number; seq: number }>;
  };
}
