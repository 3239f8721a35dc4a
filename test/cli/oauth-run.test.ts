/**
 * `reins run` against an OAuth-protected HTTP MCP server (test/helpers/oauth-mcp-server.ts): on a
 * terminal (`script` gives the CLI a pseudo-terminal), the server's 401 starts the authorization
 * code flow at once: the page goes to the browser (`$BROWSER`, here a fake one that consents and
 * follows the redirect back to the loopback), and the run goes on with the token, which is kept
 * (mode 0600) for later runs. With `--no-input` no browser is opened and nothing is registered:
 * the run fails, naming `reins auth <server>`.
 */
import { execFile } from 'node:child_process';
import { chmod, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServer } from '../helpers/oauth-mcp-server.ts';
import { BIN, FIXTURES, NODE, reins, tempWorkspace } from './cli-process.ts';

const run = promisify(execFile);
const model = `replay:${join(FIXTURES, 'oauth-read-note.json')}`;
let server: OAuthMcpServer;
let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => (server = await startOAuthMcpServer()));
afterAll(async () => server.close());
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

/** A browser that consents at once: follows the authorization page's redirect to the loopback. */
async function fakeBrowser(): Promise<string> {
  const script = await work.write(
    'browser.mjs',
    `const page = await fetch(process.argv[2], { redirect: 'manual' });\nconst back = page.headers.get('location');\nif (back) await (await fetch(back)).text();\n`,
  );
  const browser = join(work.dir, 'browser');
  await writeFile(browser, `#!/bin/sh\nexec '${NODE}' '${script}' "$1"\n`);
  await chmod(browser, 0o755);
  return browser;
}

describe('reins run with an OAuth-protected MCP server', () => {
  it('on a terminal, a 401 sends the browser to the authorization page and the run goes on with the token', async () => {
    const config = await work.write('mcp.json', { mcpServers: { notes: { url: server.url } } });
    const oauth = join(work.dir, 'oauth');
    const before = server.authorizations.length;
    const command = `'${NODE}' '${BIN}' run 'what does the note say?' --config '${config}' --model '${model}' --store '${work.store}' --approve always`;
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'dumb', NO_COLOR: '1', BROWSER: await fakeBrowser(), REINS_OAUTH_DIR: oauth };
    delete env.REINS_MODEL;
    const { stdout } = await run('script', ['-qec', command, '/dev/null'], { cwd: work.dir, env });
    expect(stdout).toContain('needs an authorization');
    expect(stdout).toContain('The note says to buy milk.');
    expect(server.authorizations.length - before).toBe(1);
    const [file] = await readdir(oauth);
    expect((await stat(join(oauth, file!))).mode & 0o777).toBe(0o600);
  });

  it('--no-input never opens a browser and registers nothing: the run fails naming `reins auth notes`', async () => {
    const config = await work.write('mcp.json', { mcpServers: { notes: { url: server.url } } });
    const registrations = server.registrations.length;
    const authorizations = server.authorizations.length;
    const done = await reins(['run', 'what does the note say?', '--config', config, '--model', model, '--store', work.store, '--no-input'], {
      cwd: work.dir,
      env: { BROWSER: await fakeBrowser(), REINS_OAUTH_DIR: join(work.dir, 'oauth') },
    });
    expect(done.code).not.toBe(0);
    expect(done.stderr).toContain('reins auth notes');
    expect(server.registrations.length).toBe(registrations);
    expect(server.authorizations.length).toBe(authorizations);
  });
});
