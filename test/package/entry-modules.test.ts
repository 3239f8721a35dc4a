/**
 * What each entry loads, in a fresh process (bench/lib/loaded-modules.ts records every module URL):
 * the root entry `reins` loads no `node:` module (it runs in edge runtimes and browsers), and neither
 * zod, Ajv, yaml, @opentelemetry/api nor the loop's driver until a schema is compiled, a YAML body
 * is read or a run starts;
 * `reins --help` loads no command's dependencies (providers, the MCP client, prompts). How many
 * modules load is no goal (files are as many as the concepts need): `npm run bench -- entries`
 * compares the CPU time of `import('reins')` with `import('ai')`.
 */
import { describe, expect, it } from 'vitest';
import { loadedModules } from '../../bench/lib/loaded-modules.ts';

const fromPackage = (modules: string[], name: string) => modules.filter((url) => url.includes(`/node_modules/${name}/`));

describe('entry points', () => {
  it("import('reins') loads no node: module, no zod, Ajv, yaml, OpenTelemetry API or DBOS, and no run driver", () => {
    const { modules, builtins } = loadedModules('reins');
    expect(builtins).toEqual([]);
    for (const name of ['zod', 'ajv', 'yaml', '@opentelemetry/api', '@dbos-inc/dbos-sdk']) expect([name, fromPackage(modules, name)]).toEqual([name, []]);
    // The loop's driver and the durable-run record load when a run starts (src/loop/launch-run.ts).
    const runOnly = modules.filter((url) => /\/src\/(loop\/run-agent|sessions\/run-records\/)/.test(url));
    expect(runOnly).toEqual([]);
  });

  it('reins --help loads no provider, MCP client, prompt library, DBOS or Postgres driver', () => {
    const { modules } = loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] });
    for (const name of ['@ai-sdk', 'ollama-ai-provider-v2', '@modelcontextprotocol', '@clack', 'zod', 'ajv', '@dbos-inc', 'pg']) expect([name, fromPackage(modules, name)]).toEqual([name, []]);
  });
});
