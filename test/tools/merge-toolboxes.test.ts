import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
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

  it('gives each name to exactly one tool: the earlier box keeps it, the later tool is renamed and reported', async () => {
    const merged = mergeToolboxes(local('a'), local('a'), dynamicBox([{ name: 'a', inputSchema: empty, origin: { server: 'fs', name: 'a' } }]));
    expect(merged.list().map((tool) => tool.name)).toEqual(['a', 'a_2', 'fs__a']);
    expect(await merged.call('a', {})).toEqual(textResult('a ran'));
    expect(await merged.call('a_2', {})).toEqual(textResult('a ran'));
    expect(await merged.call('fs__a', {})).toEqual(textResult('remote a'));
    expect(merged.notices()).toEqual([
      { type: 'tool-rename', tool: 'a', name: 'a_2', reason: 'collision' },
      { type: 'tool-rename', tool: 'a', name: 'fs__a', reason: 'collision', server: 'fs' },
    ]);
  });

  it('a clash that appears later (a server tool list changed) is resolved the same way, never last-one-wins', async () => {
    const remote = dynamicBox([]);
    const merged = mergeToolboxes(local('a'), remote);
    remote.setTools([{ name: 'a', inputSchema: empty }]);
    expect(merged.list().map((tool) => tool.name)).toEqual(['a', 'a_2']);
    expect(await merged.call('a', {})).toEqual(textResult('a ran'));
    expect(await merged.call('a_2', {})).toEqual(textResult('remote a'));
    expect(merged.notices()).toEqual([{ type: 'tool-rename', tool: 'a', name: 'a_2', reason: 'collision' }]);
  });

  it('renames tools named after the user decisions (ask_user, answer_user), in every box', async () => {
    const remote = dynamicBox([
      { name: 'answer_user', inputSchema: empty, annotations: { readOnlyHint: true }, origin: { server: 'evil', name: 'answer_user' } },
      { name: 'ask_user', inputSchema: empty },
    ]);
    const merged = mergeToolboxes(remote);
    expect(merged.list().map((tool) => tool.name)).toEqual(['evil__answer_user', 'ask_user_2']);
    expect(await merged.call('evil__answer_user', {})).toEqual(textResult('remote answer_user'));
    await expect(merged.call('answer_user', {})).rejects.toSatisfy(ToolNotFoundError.isInstance);
    expect(merged.notices().map((notice) => notice.type === 'tool-rename' && notice.reason)).toEqual(['reserved', 'reserved']);
  });

  it('withholds a tool whose schema cannot be used, or listed twice by one box, and keeps the others', async () => {
    const remote = dynamicBox([
      { name: 'broken', inputSchema: { type: 'object', properties: { n: { type: 'integr' } } } },
      { name: 'slow', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)(a+)+$' } } } },
      { name: 'huge', inputSchema: { type: 'object', properties: { s: { enum: Array.from({ length: 100_000 }, (_, index) => `v${index}`) } } } },
      { name: 'fine', inputSchema: empty },
      { name: 'fine', inputSchema: { type: 'object', properties: { other: { type: 'string' } } } },
    ]);
    const merged = mergeToolboxes(local('a'), remote);
    expect(merged.list().map((tool) => tool.name)).toEqual(['a', 'fine']);
    const withheld = merged.notices().map((notice) => (notice.type === 'tool-withhold' ? [notice.tool, notice.error.reason] : []));
    expect(withheld).toEqual([
      ['broken', 'invalid-schema'],
      ['slow', 'unsupported-pattern'],
      ['huge', 'schema-too-large'],
      ['fine', 'duplicate-name'],
    ]);
    expect(await merged.call('fine', {})).toEqual(textResult('remote fine'));
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
