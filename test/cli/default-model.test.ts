/**
 * `reins run` without `--model` or `REINS_MODEL`, and no Ollama answering: the newest pulled model
 * runs in process; with none pulled, the help says how to get one.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';
import { jsonLines, reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(() => work.remove());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('reins run with no model configured', () => {
  it('uses the pulled model when Ollama does not answer', async () => {
    const models = join(work.dir, 'models');
    mkdirSync(models);
    writeTinyGguf(join(models, 'tiny.gguf'));
    const env = { REINS_MODELS_DIR: models, OLLAMA_HOST: `127.0.0.1:${await closedPort()}`, REINS_LLAMA_SEED: '1', REINS_LLAMA_TEMPERATURE: '1', REINS_LLAMA_THREADS: '1' };
    const done = await reins(['run', 'What is 2+3?', '--json', '--no-input', '--max-steps', '2', '--protocol', 'json', '--store', work.store], { cwd: work.dir, env });
    const responses = jsonLines(done.stdout).filter((event) => event.type === 'model-response');
    expect(responses.length).toBeGreaterThan(0);
    expect(responses.every((event) => event.modelId === 'tiny.gguf')).toBe(true);
  }, 90_000);

  it('says how to get a model when none is pulled and Ollama does not answer', async () => {
    const env = { REINS_MODELS_DIR: join(work.dir, 'none'), OLLAMA_HOST: `127.0.0.1:${await closedPort()}` };
    const done = await reins(['run', 'What is 2+3?', '--no-input', '--store', work.store], { cwd: work.dir, env });
    expect(done.code).toBe(3);
    expect(done.stderr).toContain('reins models pull <url of a .gguf file>');
  }, 60_000);
});
