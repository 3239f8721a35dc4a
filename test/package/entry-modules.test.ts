/**
 * What each entry loads, in a fresh process (bench/lib/loaded-modules.ts records every module URL):
 * the root entry `reins` loads no `node:` module (it runs in edge runtimes and browsers) and neither
 * zod nor Ajv until they are needed; `reins --help` loads no command's dependencies (providers, the
 * MCP client, prompts). The bounds catch an eager import creeping back; `npm run bench` reports the
 * exact counts.
 */
import { describe, expect, it } from 'vitest';
import { loadedModules } from '../../bench/lib/loaded-modules.ts';

const fromPackage = (modules: string[], name: string) => modules.filter((url) => url.includes(`/node_modules/${name}/`));

describe('entry points', () => {
  it("import('reins') loads no node: module, no zod, no Ajv, no DBOS, and fewer than 270 modules", () => {
    const { modules, builtins } = loadedModules('reins');
    expect(builtins).toEqual([]);
    expect(fromPackage(modules, 'zod')).toEqual([]);
    expect(fromPackage(modules, 'ajv')).toEqual([]);
    expect(fromPackage(modules, '@dbos-inc')).toEqual([]);
    // 257 today: protocols 82, @opentelemetry/api 51 (its ESM build), errors 41, loop 37; the goal is < 160.
    expect(modules.length).toBeLessThan(270);
  });

  it.each([
    ['reins/testing', 200],
    ['reins/models', 200],
    ['reins/mcp', 260],
    ['reins/sessions', 280],
    ['reins/server', 300],
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
