/**
 * `reins models pull` / `reins models list` as a real process against a loopback HTTP server that
 * serves the tiny GGUF: a download cut off halfway resumes with a Range request, a wrong SHA-256
 * deletes the download, and `list` shows what was pulled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tinyGguf } from '../helpers/tiny-gguf.ts';
import { reins, tempWorkspace } from './cli-process.ts';

const file = tinyGguf();
const sha256 = createHash('sha256').update(file).digest('hex');
const requests: { range: string | undefined }[] = [];
/** Requests to cut off halfway, counted down. */
let cutNext = 0;
let server: Server;

async function halfOnDisk(bytes: number): Promise<void> {
  const partial = join(cache(), 'tiny.gguf.partial');
  while (!existsSync(partial) || statSync(partial).size < bytes) await new Promise((wake) => setTimeout(wake, 5));
}
let base: string;

function serve(request: IncomingMessage, response: import('node:http').ServerResponse) {
  requests.push({ range: request.headers.range });
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  const body = file.subarray(start);
  response.writeHead(range ? 206 : 200, {
    'content-length': body.length,
    'content-type': 'application/octet-stream',
    ...(range ? { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
  });
  if (cutNext > 0) {
    cutNext--;
    const half = Math.floor(body.length / 2);
    // Cut only once the client has the half on disk, so the cut lands after those bytes whatever the machine's load.
    response.write(body.subarray(0, half), () => void halfOnDisk(start + half).then(() => response.destroy()));
    return;
  }
  response.end(body);
}

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let env: Record<string, string>;
beforeEach(async () => {
  work = await tempWorkspace();
  env = { XDG_CACHE_HOME: join(work.dir, 'cache') };
  requests.length = 0;
  cutNext = 0;
});
afterEach(() => work.remove());

const cache = () => join(work.dir, 'cache', 'reins', 'models');

describe('reins models pull', () => {
  it('resumes a download that broke off, from where it stopped, and checks the SHA-256', async () => {
    cutNext = 1;
    const broken = await reins(['models', 'pull', `${base}/tiny.gguf`, '--sha256', sha256], { cwd: work.dir, env });
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain('pull again to resume');
    const partial = join(cache(), 'tiny.gguf.partial');
    const kept = readFileSync(partial).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(file.length);

    const resumed = await reins(['models', 'pull', `${base}/tiny.gguf`, '--sha256', sha256], { cwd: work.dir, env });
    expect(resumed.stderr).toContain('(verified)');
    expect(resumed.code).toBe(0);
    expect(requests.map((request) => request.range)).toEqual([undefined, `bytes=${kept}-`]);
    expect(resumed.stdout.trim()).toBe(join(cache(), 'tiny.gguf'));
    expect(readFileSync(join(cache(), 'tiny.gguf')).equals(file)).toBe(true);
    expect(existsSync(partial)).toBe(false);

    const listed = await reins(['models', 'list'], { cwd: work.dir, env });
    expect(listed.stdout).toContain(`llama:${join(cache(), 'tiny.gguf')}`);
  });

  it('deletes a download whose SHA-256 is not the expected one, and lists nothing', async () => {
    const wrong = '0'.repeat(64);
    const done = await reins(['models', 'pull', `${base}/tiny.gguf`, '--sha256', wrong], { cwd: work.dir, env });
    expect(done.code).not.toBe(0);
    expect(done.stderr).toContain(`checksum mismatch for tiny.gguf: expected SHA-256 ${wrong}, got ${sha256}`);
    expect(existsSync(join(cache(), 'tiny.gguf'))).toBe(false);
    expect(existsSync(join(cache(), 'tiny.gguf.partial'))).toBe(false);
    const listed = await reins(['models', 'list'], { cwd: work.dir, env });
    expect(listed.stdout).toContain('No models pulled');
  });
});
