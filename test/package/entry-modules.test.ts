/**
 * What each entry loads, in a fresh process (bench/lib/loaded-modules.ts records every module URL):
 * the root entry `reins` loads no `node:` module (it runs in edge runtimes and browsers), and neither
 * zod, Ajv, @opentelemetry/api nor the loop's driver until a schema is compiled or a run starts;
 * `reins --help` loads no command's dependencies (providers, the MCP client, prompts). The bounds
 * catch an eager import creeping back; `npm run bench` reports the exact counts.
 */
import { describe, expect, it } from 'vitest';
import { loadedModules } from '../../bench/lib/loaded-modules.ts';

const fromPackage = (modules: string[], name: string) => modules.filter((url) => url.includes(`/node_modules/${name}/`));

describe('entry points', () => {
  it("import('reins') loads no node: module, no zod, Ajv, OpenTelemetry API or DBOS, no run driver, and fewer than 200 modules", () => {
    const { modules, builtins } = loadedModules('reins');
    expect(builtins).toEqual([]);
    for (const name of ['zod', 'ajv', '@opentelemetry/api', '@dbos-inc/dbos-sdk']) expect([name, fromPackage(modules, name)]).toEqual([name, []]);
    // The loop's driver and the durable-run record load when a run starts (src/loop/launch-run.ts).
    const runOnly = modules.filter((url) => /\/src\/(loop\/run-agent|sessions\/run-records\/)/.test(url));
    expect(runOnly).toEqual([]);
    // 169 today (was 257): protocols 88 with every dialect reader (parse reads drift synchronously) and the
    // envelope's turn runner (its actions run where its codec is, src/protocols/envelope/), errors 43, tools 19, loop 9.
    expect(modules.length).toBeLessThan(200);
  });

  it.each([
    ['reins/testing', 200],
    ['reins/models', 200],
    ['reins/mcp', 260],
    ['reins/sessions', 280],
    ['reins/server', 300],
    ['reins/eval', 220],
  ])('%s loads fewer than %i modules', (entry, bound) => {
    const { modules } = loadedModules(entry);
    expect(modules.some((url) => url.includes('/src/'))).toBe(true);
    expect(modules.length).toBeLessThan(bound);
  });

  it('reins --help loads no provider, MCP client, prompt library, DBOS or Postgres driver', () => {
    const { modules } = loadedModules('bin/reins.js', { mode: 'run', args: ['--help'] });
    for (const name of ['@ai-sdk', 'ollama-ai-provider-v2', '@modelcontextprotocol', '@clack', 'zod', 'ajv', '@dbos-inc', 'pg']) expect([name, fromPackage(modules, name)]).toEqual([name, []]);
    expect(modules.length).toBeLessThan(100);
  });
});
