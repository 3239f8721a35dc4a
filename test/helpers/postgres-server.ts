/**
 * A real Postgres for tests: Debian's `postgresql` binaries, a fresh cluster in a temporary folder,
 * listening on a free loopback port with trust authentication. Postgres refuses to run as root, so
 * under root it runs as `nobody` (`runuser`). Start one per test file and stop it after.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://reins@127.0.0.1:<port>/<database>` */
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

/** The folder of Debian's Postgres binaries (the newest installed major). */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'postgres'))) : [];
  if (majors.length === 0) throw new Error('Postgres is not installed (apt-get install postgresql)');
  return join(root, majors.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a Postgres binary, as `nobody` when this process is root. */
async function pgRun(bin: string, args: string[]): Promise<void> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'nobody', '--', bin, ...args]] : [bin, args];
  await run(file, argv, { cwd: tmpdir() });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'reins-pg-'));
  const data = join(folder, 'data');
  chmodSync(folder, 0o755);
  if (asRoot) chownSync(folder, 65534, 65534);
  const port = await freePort();
  await pgRun(join(bin, 'initdb'), ['-D', data, '-U', 'reins', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const start = () =>
    pgRun(join(bin, 'pg_ctl'), [
      '-D', data, '-w', '-l', join(folder, 'log'), 'start',
      '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    ]);
  const stop = () => pgRun(join(bin, 'pg_ctl'), ['-D', data, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
  await start();
  const url = (database: string) => `postgres://reins@127.0.0.1:${port}/${database}`;
  return {
    url: url('postgres'),
    port,
    async createDatabase(name) {
      await pgRun(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'reins', name]);
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
