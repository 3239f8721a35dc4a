/**
 * Usage errors, bad configs and a missing model give a clear message on stderr and the documented
 * exit code (2 usage/config, 3 no model).
 */
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

describe('reins usage errors (exit 2)', () => {
  it.each([
    [['run'], /missing required argument 'question'/],
    [['run', 'q', '--protocol', 'yaml'], /argument 'yaml' is invalid.*Allowed choices are auto, native, json, envelope, xml, line/s],
    [['run', 'q', '--max-steps', '0'], /--max-steps.*expected a whole number >= 1/s],
    [['run', 'q', '--approve', 'maybe'], /Allowed choices are ask, always, never/],
    [['run', 'q', '--colour'], /unknown option '--colour'/],
    [['demo', 'chess'], /unknown demo 'chess'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('reins %j', async (args, message) => {
    const done = await reins([...args, '--store', work.store], { cwd: work.dir });
    expect(done.stderr).toMatch(message);
    expect(done.code).toBe(2);
    expect(done.stdout).toBe('');
  });

  it('names the file and the problem for a config that is missing, not JSON, or has a bad entry', async () => {
    const missing = await reins(['run', 'q', '--config', 'nope.json', '--store', work.store], { cwd: work.dir });
    expect(missing.stderr).toMatch(/Cannot read MCP config .*nope\.json: file not found/);
    expect(missing.code).toBe(2);

    const broken = await work.write('broken.json', '{ "mcpServers": { ');
    const notJson = await reins(['run', 'q', '--config', broken, '--store', work.store], { cwd: work.dir });
    expect(notJson.stderr).toMatch(/broken\.json: not valid JSON/);
    expect(notJson.code).toBe(2);

    const badEntry = await work.write('bad-entry.json', { mcpServers: { notes: { args: ['x'] } } });
    const entry = await reins(['run', 'q', '--config', badEntry, '--store', work.store, '--model', 'replay:x.json'], { cwd: work.dir });
    expect(entry.code).toBe(2);
  });

  it('rejects a --server line that needs a shell', async () => {
    const done = await reins(['run', 'q', '--server', 'node server.js | tee log', '--store', work.store], { cwd: work.dir });
    expect(done.stderr).toMatch(/--server "node server.js \| tee log" is not a plain command line/);
    expect(done.code).toBe(2);
  });
});

describe('no model (exit 3)', () => {
  it('says exactly how to configure a model when the key is missing', async () => {
    const done = await reins(['run', 'q', '--model', 'openai:gpt-4.1-mini', '--store', work.store], { cwd: work.dir, env: { OPENAI_API_KEY: '' } });
    expect(done.code).toBe(3);
    expect(done.stderr).toMatch(/OPENAI_API_KEY is not set/);
    expect(done.stderr).toMatch(/REINS_MODEL=openai:gpt-4\.1-mini/);
    expect(done.stderr).toMatch(/ollama serve && ollama pull qwen3:4b/);
    expect(done.stderr).toMatch(/reins demo/);
  });

  it('uses the local Ollama default and reports it unreachable', async () => {
    const port = await closedPort();
    const done = await reins(['run', 'q', '--store', work.store], { cwd: work.dir, env: { OLLAMA_HOST: `http://127.0.0.1:${port}` } });
    expect(done.code).toBe(3);
    expect(done.stderr).toMatch(/model ollama:qwen3:4b/);
    expect(done.stderr).toContain(`cannot reach Ollama at http://127.0.0.1:${port}`);
    expect(done.stderr).toMatch(/Configure one with --model or REINS_MODEL/);
  });
});

/** A local port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
