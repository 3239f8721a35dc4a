/**
 * `reins ui --port`: 0 is any free port (the usual meaning); a port another program holds is a usage
 * error (exit 2) with a sentence, not a raw `listen EADDRINUSE`.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { reins, startReins, tempWorkspace } from '../cli/cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => {
  work = await tempWorkspace();
  await new SqliteStore({ path: work.store }).close();
});
afterAll(async () => work?.remove());

it('listens on a free port with --port 0', async () => {
  const ui = startReins(['ui', '--port', '0', '--store', work.store, '--no-open'], { cwd: work.dir });
  try {
    const url = new URL((await ui.line((line) => line.startsWith('reins ui: '))).slice('reins ui: '.length));
    expect(Number(url.port)).toBeGreaterThan(0);
    expect((await fetch(new URL(`/api/runs?token=${url.searchParams.get('token')}`, url))).status).toBe(200);
  } finally {
    ui.killHard();
    await ui.finished;
  }
});

it('says which port is taken, and exits 2', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const { port } = holder.address() as { port: number };
  try {
    const done = await reins(['ui', '--port', String(port), '--store', work.store, '--no-open'], { cwd: work.dir });
    expect(done.code).toBe(2);
    expect(done.stderr).toContain(`Port ${port} on 127.0.0.1 is in use by another program.`);
    expect(done.stderr).toContain('--port 0 for a free one');
    expect(done.stderr).not.toContain('EADDRINUSE');
  } finally {
    holder.close();
  }
});

it('refuses a port that is not one', async () => {
  const done = await reins(['ui', '--port', '70000', '--store', work.store, '--no-open'], { cwd: work.dir });
  expect(done.code).toBe(2);
  expect(done.stderr).toContain('expected a port from 0 (a free one) to 65535.');
});
