/**
 * The import graph of src/ (dependency-cruiser over the TypeScript sources, type-only imports
 * included): no import cycle, the lower layers never import the loop, errors import only errors and
 * the spec layer, only the CLI and the workers import the durable runs (src/durable, DBOS), nothing imports the
 * CLI, and no `node:` module is reachable from the root entry through static imports (a dynamic `import()` is a lazy load, taken only when that code runs).
 */
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IModule } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let modules: IModule[];

beforeAll(async () => {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['src'], {
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '\\.d\\.ts$' },
    });
    modules = (result.output as ICruiseResult).modules;
  } finally {
    process.chdir(previous);
  }
}, 120_000);

/** `from -> to` for every import in src/ matching both patterns. */
function imports(from: RegExp, to: (resolved: string) => boolean): string[] {
  return modules
    .filter((module) => from.test(module.source))
    .flatMap((module) => module.dependencies.filter((dependency) => to(dependency.resolved)).map((dependency) => `${module.source} -> ${dependency.resolved}`));
}

describe('import graph of src/', () => {
  it('reads the whole source tree', () => {
    expect(modules.filter((module) => module.source.startsWith('src/')).length).toBeGreaterThan(200);
  });

  it('has no import cycle', () => {
    const cycles = modules.flatMap((module) =>
      module.dependencies.filter((dependency) => dependency.circular).map((dependency) => `${module.source} -> ${dependency.resolved}: ${(dependency.cycle ?? []).map((step) => step.name).join(' -> ')}`),
    );
    expect(cycles).toEqual([]);
  });

  it('sessions, protocols, models, tools and errors never import the loop', () => {
    expect(imports(/^src\/(sessions|protocols|models|tools|errors)\//, (to) => to.startsWith('src/loop/'))).toEqual([]);
  });

  it('errors import only errors and the spec layer', () => {
    expect(imports(/^src\/errors\//, (to) => !/^src\/(errors|spec)\//.test(to))).toEqual([]);
  });

  it('only the CLI and the workers import the durable runs (DBOS): the loop and the layers below never do', () => {
    expect(imports(/^src\/(?!cli\/|durable\/|workers\/)/, (to) => to.startsWith('src/durable/'))).toEqual([]);
  });

  it('only the CLI imports the workers', () => {
    expect(imports(/^src\/(?!cli\/|workers\/)/, (to) => to.startsWith('src/workers/'))).toEqual([]);
  });

  it('nothing outside the CLI imports the CLI', () => {
    expect(imports(/^src\/(?!cli\/)/, (to) => to.startsWith('src/cli/'))).toEqual([]);
  });

  it('no node: module is reachable from the root entry by static imports', () => {
    const bySource = new Map(modules.map((module) => [module.source, module]));
    const seen = new Set<string>();
    const paths = new Map<string, string>([['src/index.ts', 'src/index.ts']]);
    const queue = ['src/index.ts'];
    const reached: string[] = [];
    while (queue.length > 0) {
      const source = queue.shift()!;
      if (seen.has(source)) continue;
      seen.add(source);
      for (const dependency of bySource.get(source)?.dependencies ?? []) {
        if (dependency.dynamic || dependency.dependencyTypes.includes('type-only')) continue;
        const path = `${paths.get(source)} -> ${dependency.resolved}`;
        if (dependency.coreModule) reached.push(path);
        else if (!paths.has(dependency.resolved)) {
          paths.set(dependency.resolved, path);
          queue.push(dependency.resolved);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(reached).toEqual([]);
  });
});
