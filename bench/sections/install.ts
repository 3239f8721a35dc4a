/**
 * Bench section "install": what `npm install` brings into an empty project, for reins as published
 * (`npm pack` of this clone, which builds dist/) beside the AI SDK with one provider (`ai@7`,
 * `@ai-sdk/openai@4`) and Mastra (`@mastra/core@1`). Each is installed alone into a fresh
 * `npm init -y` folder with the machine's npm (from its cache when it can: the figures are sizes,
 * not times). Packages are the entries npm records in node_modules/.package-lock.json; MB is the
 * disk space of node_modules (what `du -s` counts). The optional peers (node-llama-cpp, DBOS, pg)
 * are not installed by any of them. Runnable alone: `npm run bench -- install`.
 */
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SectionReport } from '../lib/section.ts';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** Disk space of a folder, in bytes (allocated blocks, like `du`). */
async function diskBytes(path: string): Promise<number> {
  const info = await lstat(path);
  if (!info.isDirectory()) return info.blocks * 512;
  let total = info.blocks * 512;
  for (const entry of await readdir(path)) total += await diskBytes(join(path, entry));
  return total;
}

interface Footprint {
  packages: number;
  megabytes: number;
}

/** Installs `specs` into an empty project and measures its node_modules. */
async function footprint(specs: string[]): Promise<Footprint> {
  const project = await mkdtemp(join(tmpdir(), 'reins-bench-install-'));
  try {
    await exec('npm', ['init', '-y'], { cwd: project, env: npmEnv });
    await exec('npm', ['install', '--prefer-offline', ...specs], { cwd: project, env: npmEnv, maxBuffer: 1 << 24 });
    const modules = join(project, 'node_modules');
    const lock = JSON.parse(await readFile(join(modules, '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/')).length;
    return { packages, megabytes: Math.round((await diskBytes(modules)) / 1e5) / 10 };
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

export const title = 'Install footprint: npm install in an empty project';

export async function run(): Promise<SectionReport> {
  const packDir = await mkdtemp(join(tmpdir(), 'reins-bench-pack-'));
  try {
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: root, env: npmEnv, maxBuffer: 1 << 24 });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
    const candidates: Array<[string, string[]]> = [
      ['reins (packed)', [join(packDir, packed!.filename)]],
      ['ai@7 + @ai-sdk/openai@4', ['ai@7', '@ai-sdk/openai@4']],
      ['@mastra/core@1', ['@mastra/core@1']],
    ];
    const metrics: Record<string, number> = {};
    for (const [name, specs] of candidates) {
      const measured = await footprint(specs);
      metrics[`${name} · packages`] = measured.packages;
      metrics[`${name} · MB`] = measured.megabytes;
    }
    const notes = [
      'Each line is one `npm install` into a fresh `npm init -y` folder; packages counted from node_modules/.package-lock.json, MB = disk space of node_modules in 10^6 bytes.',
      'reins installs no Postgres driver, DBOS or llama.cpp: they are optional peers named by an error on first use (`npm install pg@8`, `npm install @dbos-inc/dbos-sdk@5 pg@8`, `npm install node-llama-cpp@3`). Before DBOS and pg became optional, the same install brought 77 packages and 86 MB (82 MiB by `du -h`).',
    ];
    return { metrics, notes };
  } finally {
    await rm(packDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table((await run()).metrics);
}
