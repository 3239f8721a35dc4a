/**
 * Usage errors, bad configs and a missing model give a clear message on stderr and the documented
 * exit code (2 usage/config, 3 no model).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { BIN, FIXTURES, ROOT, reins, tempWorkspace } from './cli-process.ts';

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
    expect(notJson.stderr).toMatch(/broken\.json: not valid JSON \(JSONC: comments and trailing commas are fine\): close brace expected at line 1, column 19/);
    expect(notJson.code).toBe(2);

    const badEntry = await work.write('bad-entry.json', { mcpServers: { notes: { args: ['x'] } } });
    const entry = await reins(['run', 'plan a weekend trip', '--config', badEntry, '--store', work.store, '--model', `replay:${join(FIXTURES, 'ask-user.json')}`], { cwd: work.dir });
    expect(entry.stderr).toMatch(/MCP server "notes" is misconfigured: needs "command" \(stdio\) or "url"/);
    expect(entry.stderr).toMatch(/Fix the server entry/);
    expect(entry.code).toBe(2);
  });

  it('rejects a --server line that needs a shell', async () => {
    const done = await reins(['run', 'q', '--server', 'node server.js | tee log', '--store', work.store], { cwd: work.dir });
    expect(done.stderr).toMatch(/--server "node server.js \| tee log" is not a plain command line/);
    expect(done.code).toBe(2);
  });
});

describe('a mistyped --store (exit 2, nothing created)', () => {
  it.each([
    [['show', 'abc']],
    [['sessions']],
    [['resume', 'abc']],
  ])('reins %j --store <missing> says so and creates no file or folder', async (args) => {
    const missing = join(work.dir, 'no-such-dir', 'x.db');
    const done = await reins([...args, '--store', missing], { cwd: work.dir });
    expect(done.stderr).toContain(`No sessions database at ${missing}`);
    expect(done.code).toBe(2);
    expect(existsSync(join(work.dir, 'no-such-dir'))).toBe(false);
  });

  it('gives the reason when the file is not a sessions database', async () => {
    const notes = await work.write('notes.txt', 'these are notes, not a database. '.repeat(50));
    const done = await reins(['show', 'abc', '--store', notes], { cwd: work.dir });
    expect(done.stderr).toMatch(/Cannot open the sessions database .*notes\.txt: file is not a database/);
    expect(done.code).toBe(2);
  });
});

describe('the Node version', () => {
  const oldNode = ['/usr/local/bin/node', ...whichAll('node')].find((path) => existsSync(path) && /^v(1\d|20|21)\./.test(versionOf(path)));

  it.runIf(oldNode)('refuses Node < 22.13 with a clear message and exit 2, from source and from dist/', async () => {
    const fromSource = spawnSync(oldNode!, [BIN, '--version'], { encoding: 'utf8' });
    expect(fromSource.stderr).toMatch(/reins needs Node >= 22\.13 \(for node:sqlite.*this is Node v?\d+/);
    expect(fromSource.status).toBe(2);
    // An installed package: no src/, only the compiled dist/ (its main is never reached on old Node).
    const installed = join(work.dir, 'package');
    await mkdir(join(installed, 'bin'), { recursive: true });
    await mkdir(join(installed, 'dist', 'src', 'cli'), { recursive: true });
    await copyFile(BIN, join(installed, 'bin', 'reins.js'));
    await writeFile(join(installed, 'dist', 'src', 'cli', 'main.js'), "import 'node:sqlite';\nexport const main = async () => 0;\n");
    const fromDist = spawnSync(oldNode!, [join(installed, 'bin', 'reins.js'), '--version'], { encoding: 'utf8' });
    expect(fromDist.stderr).toMatch(/reins needs Node >= 22\.13/);
    expect(fromDist.stderr).not.toMatch(/ERR_UNKNOWN_BUILTIN_MODULE/);
    expect(fromDist.status).toBe(2);
  });

  it('declares the same minimum in package.json engines', async () => {
    const packageJson = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(packageJson.engines.node).toBe('>=22.13');
  });
});

function whichAll(name: string): string[] {
  const found = spawnSync('which', ['-a', name], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.split('\n').filter(Boolean) : [];
}

function versionOf(path: string): string {
  return spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
}

describe('no model (exit 3)', () => {
  it('names the variable to set when the key is missing, in CLI words and without the list of providers', async () => {
    const done = await reins(['run', 'q', '--model', 'openai:gpt-4.1-mini', '--store', work.store], { cwd: work.dir, env: { OPENAI_API_KEY: '' } });
    expect(done.code).toBe(3);
    expect(done.stderr).toMatch(/OPENAI_API_KEY is not set/);
    expect(done.stderr).toContain('export OPENAI_API_KEY=');
    expect(done.stderr).not.toContain('apiKey');
    expect(done.stderr).not.toMatch(/Configure one with --model or REINS_MODEL|ollama pull/);
  });

  it('shows the list of providers when the model string itself is wrong', async () => {
    const done = await reins(['run', 'q', '--model', 'frobnicate:x', '--store', work.store], { cwd: work.dir });
    expect(done.code).toBe(3);
    expect(done.stderr).toMatch(/Configure one with --model or REINS_MODEL/);
    expect(done.stderr).toMatch(/ollama serve && ollama pull qwen3:4b/);
    expect(done.stderr).toMatch(/reins demo/);
  });

  it.each([401, 404])('a provider answer %i names its fix and is not followed by the list of providers', async (status) => {
    const server = createHttpServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: status === 401 ? 'Invalid API key' : 'The model `m` does not exist', type: 'invalid_request_error' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void server.close());
    const { port } = server.address() as { port: number };
    const done = await reins(['run', 'q', '--model', `openai-compatible:m@http://127.0.0.1:${port}/v1`, '--store', work.store], { cwd: work.dir });
    expect(done.code).toBe(3);
    expect(done.stderr).toContain(String(status));
    expect(done.stderr).not.toMatch(/Configure one with --model or REINS_MODEL|ollama pull/);
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
