/**
 * Bench section "entries": what importing reins costs. The CPU time (user + system) of a fresh
 * process that runs `import('reins')` of the package as published (dist/, built first when stale:
 * bench/lib/built-package.ts), and of a whole `reins --help` process, each beside `import('ai')`
 * (the AI SDK, what an agent built on it starts with) in the same kind of fresh process on the
 * pinned Node; `import('reins')` of the TypeScript source too, and the modules each loads (every
 * module URL, `node:` built-ins included; bench/lib/loaded-modules.ts) for reference. CPU times are
 * the median of 5 processes, the sides alternating. Runnable alone: `npm run bench -- entries`.
 */
import { ensureBuilt } from '../lib/built-package.ts';
import { loadedModules } from '../lib/loaded-modules.ts';
import type { SectionReport } from '../lib/section.ts';
import { median, ratio } from '../lib/stats.ts';

export const title = 'Entry points (modules loaded, CPU to start)';

const runs = 5;

export async function run(): Promise<SectionReport> {
  ensureBuilt();
  const reins = loadedModules('reins', { source: false });
  const ai = loadedModules('ai');
  const help = loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] });
  const cpu = { reins: [] as number[], source: [] as number[], ai: [] as number[], help: [] as number[] };
  for (let round = 0; round < runs; round++) {
    cpu.reins.push(loadedModules('reins', { source: false }).cpuMs);
    cpu.ai.push(loadedModules('ai').cpuMs);
    cpu.source.push(loadedModules('reins').cpuMs);
    cpu.help.push(loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] }).cpuMs);
  }
  const [reinsCpu, aiCpu, sourceCpu, helpCpu] = [median(cpu.reins), median(cpu.ai), median(cpu.source), median(cpu.help)];
  return {
    metrics: {
      "import('reins') · CPU ms": Math.round(reinsCpu),
      "import('ai') · CPU ms": Math.round(aiCpu),
      "import('reins') · × import('ai') CPU": ratio(reinsCpu, aiCpu),
      "import('reins') from the TypeScript source · CPU ms": Math.round(sourceCpu),
      'reins --help · CPU ms': Math.round(helpCpu),
      "reins --help · × import('ai') CPU": ratio(helpCpu, aiCpu),
      "import('reins') · modules": reins.modules.length,
      "import('reins') · node: modules": reins.builtins.length,
      "import('ai') · modules": ai.modules.length,
      'reins --help · modules': help.modules.length,
    },
    notes: [
      "import('reins') loads the package as published (dist/: JavaScript bundled by rolldown per entry, scripts/bundle.ts); from the TypeScript source (`--conditions=reins-source`, as the tests and the CLI in this repository run) Node strips each module's types as it loads it, which costs more.",
      "Modules: every URL a fresh process loads after a recording hook (ESM and CommonJS, node: built-ins included); zod and Ajv (with re2js) load only when a schema is first needed, @opentelemetry/api and the loop's driver with the first run, a CLI command's modules only when it runs.",
      `CPU: user + system time of the whole process (Node start included), median of ${runs} processes per side, the sides alternating.`,
    ],
  };
}
