/**
 * Bench section "entries": what importing reins costs. Modules loaded by `import('reins')` (every
 * module URL a fresh process loads, `node:` built-ins included; bench/lib/loaded-modules.ts) and the
 * CPU time (user + system) of a whole `reins --help` process, each beside `import('ai')` (the AI SDK,
 * what an agent built on it starts with) in the same kind of fresh process on the pinned Node.
 * CPU times are the median of 5 processes. Runnable alone: `npm run bench -- entries`.
 */
import { loadedModules } from '../lib/loaded-modules.ts';
import type { SectionReport } from '../lib/section.ts';
import { median, ratio } from '../lib/stats.ts';

export const title = 'Entry points (modules loaded, CPU to start)';

const runs = 5;

export async function run(): Promise<SectionReport> {
  const reins = loadedModules('reins');
  const ai = loadedModules('ai');
  const helpCpu = median(Array.from({ length: runs }, () => loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] }).cpuMs));
  const aiCpu = median(Array.from({ length: runs }, () => loadedModules('ai').cpuMs));
  const help = loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] });
  return {
    metrics: {
      "import('reins') · modules": reins.modules.length,
      "import('reins') · node: modules": reins.builtins.length,
      "import('ai') · modules": ai.modules.length,
      "import('reins') · × import('ai') modules": ratio(reins.modules.length, ai.modules.length),
      'reins --help · modules': help.modules.length,
      'reins --help · CPU ms': Math.round(helpCpu),
      "import('ai') · CPU ms": Math.round(aiCpu),
      "reins --help · × import('ai') CPU": ratio(helpCpu, aiCpu),
    },
    notes: [
      "Modules: every URL a fresh `node --conditions=reins-source` process loads after a recording hook (ESM and CommonJS, node: built-ins included); zod and Ajv (with re2js) load only when a schema is first needed, @opentelemetry/api and the loop's driver with the first run, a CLI command's modules only when it runs.",
      `CPU: user + system time of the whole process (Node start included), median of ${runs} processes.`,
    ],
  };
}
