/**
 * Which modules one entry loads: a fresh Node process (the pinned Node, `reins-source` condition,
 * from the repository root so `reins` resolves to this package) imports `specifier` with a module
 * hook that records every URL loaded (ESM and CommonJS, `node:` built-ins included), and reports
 * them with the CPU time the process spent. Used by `npm run bench` and by the entry-point test.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Registered with --import before the entry loads: records each URL, prints them and the CPU time at exit. */
const hook = `
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const seen = new Set();
registerHooks({ load(url, context, nextLoad) { seen.add(url); return nextLoad(url, context); } });
process.on('exit', () => {
  const usage = process.cpuUsage();
  writeSync(1, '\\n@@loaded ' + JSON.stringify({ modules: [...seen], cpuMs: (usage.user + usage.system) / 1000 }) + '\\n');
});
`;

export interface LoadedModules {
  /** Every URL loaded after the hook, in load order (`file:` modules and `node:` built-ins). */
  modules: string[];
  /** `node:` built-ins among them. */
  builtins: string[];
  /** User + system CPU time of the whole process, in ms. */
  cpuMs: number;
}

/**
 * Loads `specifier` (a package specifier or a script's arguments, see `mode`) in a child process.
 * `source: false` loads the compiled package (dist/, as users get it) instead of the TypeScript
 * source (`reins-source` condition, types stripped as each module loads).
 */
export function loadedModules(specifier: string, options: { mode?: 'import' | 'run'; args?: string[]; source?: boolean } = {}): LoadedModules {
  const hookUrl = `data:text/javascript,${encodeURIComponent(hook)}`;
  const program = options.mode === 'run' ? [specifier, ...(options.args ?? [])] : ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)});`];
  const condition = options.source === false ? [] : ['--conditions=reins-source'];
  const stdout = execFileSync(process.execPath, [...condition, '--no-warnings', '--import', hookUrl, ...program], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = stdout.split('\n').find((text) => text.startsWith('@@loaded '));
  if (!line) throw new Error(`no module report from ${specifier}`);
  const report = JSON.parse(line.slice('@@loaded '.length)) as { modules: string[]; cpuMs: number };
  const modules = report.modules.filter((url) => !url.startsWith('data:'));
  return { modules, builtins: modules.filter((url) => url.startsWith('node:')), cpuMs: report.cpuMs };
}
