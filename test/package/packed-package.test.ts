/**
 * The package as users install it: `npm pack` (which builds dist/ in `prepack`), unpacked into a
 * node_modules folder, run WITHOUT type stripping. Proves the published entry points, subpaths and
 * the `reins` bin work from compiled JavaScript, not only from the TypeScript source of a clone.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadedModules } from '../../bench/lib/loaded-modules.ts';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const noStripping = [process.execPath, '--no-experimental-strip-types'] as const;
let home: string;
let installed: string;
let tarball: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'reins-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', home], { cwd: repo, maxBuffer: 1 << 24 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
  tarball = join(home, packed!.filename);
  const modules = join(home, 'node_modules');
  installed = join(modules, 'reins');
  await mkdir(installed, { recursive: true });
  await run('tar', ['-xzf', join(home, packed!.filename), '-C', installed, '--strip-components=1']);
  // The dependencies, as npm would have installed them beside reins.
  for (const entry of await readdir(join(repo, 'node_modules'))) {
    if (entry !== 'reins' && !entry.startsWith('.')) await symlink(join(repo, 'node_modules', entry), join(modules, entry));
  }
}, 180_000);

afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships compiled JavaScript and no TypeScript source or tests', async () => {
    const { stdout } = await run('tar', ['-tzf', join(home, (await readdir(home)).find((file) => file.endsWith('.tgz'))!)]);
    const files = stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/dist/src/index.js');
    expect(files).toContain('package/dist/src/index.d.ts');
    expect(files).toContain('package/bin/reins.js');
    // The BFCL tasks `reins eval` runs, with their licence and source.
    for (const file of ['LICENSE', 'README.md', 'BFCL_v4_simple_python.json', 'possible_answer/BFCL_v4_simple_python.json']) expect(files).toContain(`package/data/bfcl/${file}`);
    expect(files.some((file) => file.startsWith('package/src/') || file.startsWith('package/test/'))).toBe(false);
  });

  it('runs an agent through `reins` and `reins/testing` without type stripping', async () => {
    const script = join(home, 'check.mjs');
    await writeFile(
      script,
      `import { createAgent, defineTool } from 'reins';
import { ScriptedModel } from 'reins/testing';
import { connectServers } from 'reins/mcp';
const add = defineTool({ name: 'add', input: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] }, execute: ({ a, b }) => String(a + b) });
const model = new ScriptedModel(['{"action":"call_tool","tool":"add","args":{"a":2,"b":3},"reason":"sum"}', '{"action":"answer_user","answer":"5"}']);
const result = await createAgent({ model, tools: [add], protocol: 'json' }).run('2+3?').result;
console.log(JSON.stringify({ status: result.status, answer: result.answer, mcp: typeof connectServers }));`,
    );
    const { stdout } = await run(noStripping[0], [noStripping[1], script], { cwd: home });
    expect(JSON.parse(stdout)).toEqual({ status: 'answered', answer: '5', mcp: 'function' });
  });

  it("import('reins') of the installed bundle loads no node: module, zod, Ajv, yaml, OpenTelemetry API or DBOS", () => {
    // The bundle puts code that entries share into chunks: none of them may pull a Node-only or lazily loaded part into the root entry.
    const { builtins, modules } = loadedModules(pathToFileURL(join(installed, 'dist', 'src', 'index.js')).href, { source: false });
    expect(builtins).toEqual([]);
    for (const name of ['zod', 'ajv', 'yaml', '@opentelemetry/api', '@dbos-inc/dbos-sdk']) expect([name, modules.filter((url) => url.includes(`/node_modules/${name}/`))]).toEqual([name, []]);
    expect(modules.filter((url) => url.includes('/reins/dist/')).length).toBeGreaterThan(0);
  });

  it('runs `reins demo` from the installed bin without type stripping', async () => {
    // execFile rejects on a non-zero exit code: exit 0 means the run was answered.
    const { stdout, stderr } = await run(noStripping[0], [noStripping[1], join(installed, 'bin', 'reins.js'), 'demo', '--protocol', 'json', '--store', join(home, 'sessions.db')], {
      cwd: home,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(stdout).toContain('Main: Aloo Matar');
    expect(stderr).toContain('This is a REPLAY');
  });

  it('serves `reins ui` from the installed package: its pages, web modules and UI library, offline', async () => {
    // The store the demo above wrote.
    const ui = spawn(noStripping[0], [noStripping[1], join(installed, 'bin', 'reins.js'), 'ui', '--store', join(home, 'sessions.db'), '--no-open'], { cwd: home, stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        createInterface({ input: ui.stdout }).on('line', (text) => text.startsWith('reins ui: ') && resolveLine(text.slice('reins ui: '.length)));
        ui.once('exit', (code) => reject(new Error(`reins ui exited with ${code}`)));
      });
      const url = new URL(line);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
      for (const file of ['/web/list-page.js', '/web/run-page.js', '/web/style.css', '/vendor/preact.js', '/vendor/preact-hooks.js', '/vendor/htm.js']) {
        expect((await fetch(new URL(file, url), { headers: { cookie } })).status, file).toBe(200);
      }
      const list = (await (await fetch(new URL('/api/runs', url), { headers: { cookie } })).json()) as { total: number };
      expect(list.total).toBeGreaterThanOrEqual(1);
    } finally {
      ui.kill();
    }
  });

  it('runs the README library example verbatim in a fresh `npm init -y` project that installs the tarball, without the scale-out stack', async () => {
    const readme = await readFile(join(repo, 'README.md'), 'utf8');
    const library = readme.slice(readme.indexOf('\n## Library\n'));
    const example = /```js\n([\s\S]*?)```/.exec(library)?.[1];
    expect(example).toContain("from 'reins'");
    // The file name the README tells the reader to use.
    const fileName = /save the example below as `([\w.-]+)`/.exec(library)?.[1] as string;
    expect(fileName).toMatch(/\.(mjs|js)$/);
    // Outside `home`, whose node_modules holds every package of the clone: Node would find them there.
    const project = await mkdtemp(join(tmpdir(), 'reins-fresh-project-'));
    onTestFinished(() => rm(project, { recursive: true, force: true }));
    const npm = { cwd: project, maxBuffer: 1 << 24, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } };
    await run('npm', ['init', '-y'], npm);
    await run('npm', ['install', '--prefer-offline', tarball, 'zod@4'], npm);
    await writeFile(join(project, fileName), example!);
    const { stdout } = await run(noStripping[0], [noStripping[1], fileName], { cwd: project });
    expect(stdout.trim().split('\n').at(-1)).toBe('2 + 3 = 5');

    // The scale-out stack (DBOS, pg) is an optional peer: not installed, and named when it is needed.
    const installedPackages = await readdir(join(project, 'node_modules'));
    expect(installedPackages.filter((name) => ['pg', '@dbos-inc', 'superjson'].includes(name))).toEqual([]);
    const durable = await run(noStripping[0], [noStripping[1], '--input-type=module', '--eval', "try { await import('reins/durable'); } catch (error) { console.log(error.name, error.message); }"], { cwd: project });
    expect(durable.stdout).toContain('Reins_ConfigError reins/durable needs the package @dbos-inc/dbos-sdk, which is not installed');
    expect(durable.stdout).toContain('npm install @dbos-inc/dbos-sdk@5 pg@8');
    const sessions = await run(noStripping[0], [noStripping[1], join(project, 'node_modules', 'reins', 'bin', 'reins.js'), 'sessions', '--store', 'postgres://reins@127.0.0.1:9/none'], { cwd: project }).catch((error: { code: number; stderr: string }) => error);
    expect(sessions).toMatchObject({ code: 2, stderr: expect.stringContaining('needs the package pg, which is not installed') });
    expect((sessions as { stderr: string }).stderr).toContain('npm install pg@8');
  }, 600_000);
});
