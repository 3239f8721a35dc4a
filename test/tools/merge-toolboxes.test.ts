import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/decision.ts';
import { ConfigError } from '../../src/errors/config-error.ts';
import { ToolNotFoundError } from '../../src/errors/tool-not-found-error.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';
import { mergeToolboxes } from '../../src/tools/merge-toolboxes.ts';
import { textResult, type Toolbox } from '../../src/tools/toolbox.ts';

const empty = { type: 'object', properties: {} };
const local = (name: string) => new LocalToolbox([defineTool({ name, description: name, input: empty, execute: () => `${name} ran` })]);

/** A toolbox whose tool list can change, like an MCP server's. */
function dynamicBox(specs: ToolSpec[]): Toolbox & { setTools(next: ToolSpec[]): void; closed: boolean } {
  const listeners = new Set<() => void>();
  const box = {
    closed: false,
    list: () => specs,
    call: async (name: string) => textResult(`remote ${name}`),
    instructions: () => ['Remote server: be gentle.'],
    onChange: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    close: async () => void (box.closed = true),
    setTools(next: ToolSpec[]) {
      specs = next;
      listeners.forEach((listener) => listener());
    },
  };
  return box;
}

describe('mergeToolboxes', () => {
  it('lists every tool and routes each call to its box', async () => {
    const merged = mergeToolboxes(local('a'), dynamicBox([{ name: 'r', inputSchema: empty }]));
    expect(merged.list().map((tool) => tool.name)).toEqual(['a', 'r']);
    expect(await merged.call('a', {})).toEqual(textResult('a ran'));
    expect(await merged.call('r', {})).toEqual(textResult('remote r'));
    await expect(merged.call('zz', {})).rejects.toSatisfy(ToolNotFoundError.isInstance);
    expect(merged.instructions?.()).toEqual(['Remote server: be gentle.']);
  });

  it('rejects duplicate names at merge time', () => {
    expect(() => mergeToolboxes(local('a'), local('a'))).toThrow(ConfigError);
  });

  it('follows tool list changes, forwards change events and closes every box', async () => {
    const remote = dynamicBox([]);
    const merged = mergeToolboxes(local('a'), remote);
    let changes = 0;
    const unsubscribe = merged.onChange?.(() => changes++);
    remote.setTools([{ name: 'fresh', inputSchema: empty }]);
    expect(merged.list().map((tool) => tool.name)).toEqual(['a', 'fresh']);
    expect(await merged.call('fresh', {})).toEqual(textResult('remote fresh'));
    unsubscribe?.();
    remote.setTools([]);
    expect(changes).toBe(1);
    await merged.close?.();
    expect(remote.closed).toBe(true);
  });
});
