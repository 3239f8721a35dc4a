/**
 * `reins ui --port`: 0 picks a free port and prints it in the URL; a port another program holds is
 * exit 2 with a sentence naming it (not a raw EADDRINUSE); a port out of range is a usage error.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { reins, startReins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let busy: Server;
let busyPort: number;

beforeAll(async () => {
  work = await tempWorkspace();
  await new SqliteStore({ path: work.store }).close(); // an empty store file
  // A real listener on 127.0.0.1 makes its port busy for the whole file.
  busy = createServer().listen(0, '127.0.0.1');
  await once(busy, 'listening');
  busyPort = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  busy?.close();
  await work?.remove();
});

describe('reins ui --port', () => {
  it('0 picks a free port, prints it in the URL and serves there', async () => {
    const ui = startReins(['ui', '--store', work.store, '--no-open', '--port', '0'], { cwd: work.dir });
    try {
      const url = new URL((await ui.line((line) => line.startsWith('reins ui: '))).slice('reins ui: '.length));
      expect(url.hostname).toBe('127.0.0.1');
      expect(Number(url.port)).toBeGreaterThan(0);
      expect(Number(url.port)).not.toBe(busyPort);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      ui.killHard();
      await ui.finished;
    }
  });

  it('a port in use is exit 2 with a sentence that names it and what to do', async () => {
    const end = await reins(['ui', '--store', work.store, '--no-open', '--port', String(busyPort)], { cwd: work.dir });
    expect(end.code).toBe(2);
    expect(end.stderr).toBe(`reins: port ${busyPort} of 127.0.0.1 is already in use by another program\npick another with --port <n>, or --port 0 for a free one\n`);
    expect(end.stdout).toBe('');
  });

  it('refuses a port that is no port number', async () => {
    for (const port of ['65536', '-1', 'http']) {
      const end = await reins(['ui', '--store', work.store, '--no-open', '--port', port], { cwd: work.dir });
      expect([port, end.code]).toEqual([port, 2]);
      expect(end.stderr).toContain('expected a port number from 0 (any free port) to 65535.');
    }
  });
});
