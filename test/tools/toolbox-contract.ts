/**
 * The Toolbox contract: every Toolbox implementation runs this suite from its own test file
 * (`LocalToolbox`, `McpToolbox` over a real npm MCP server, `mergeToolboxes`). The fixture offers a
 * tool that echoes its `message` argument back as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReinsError } from '../../src/errors/reins-error.ts';
import type { Toolbox, ToolResult } from '../../src/tools/toolbox.ts';
import { isProviderToolName } from '../../src/tools/tool-names.ts';

export interface ToolboxFixture {
  toolbox: Toolbox;
  /** The listed name of a tool that returns its `message` argument in a text block. */
  echo: string;
  /** Ends what the fixture started (servers). @default toolbox.close */
  close?: () => Promise<void>;
}

export interface ToolboxContractOptions {
  newToolbox: () => Promise<ToolboxFixture> | ToolboxFixture;
}

const text = (result: ToolResult) => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

export function runToolboxContract(name: string, options: ToolboxContractOptions): void {
  describe(`${name} (Toolbox contract)`, () => {
    let fixture: ToolboxFixture;
    beforeAll(async () => {
      fixture = await options.newToolbox();
    });
    afterAll(async () => {
      await (fixture?.close ? fixture.close() : fixture?.toolbox.close?.());
    });

    it('lists each tool once, under a provider-safe name, with an object input schema', async () => {
      const tools = await fixture.toolbox.list();
      const names = tools.map((tool) => tool.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain(fixture.echo);
      for (const tool of tools) {
        expect([tool.name, isProviderToolName(tool.name)]).toEqual([tool.name, true]);
        expect([tool.name, tool.inputSchema.type ?? 'object']).toEqual([tool.name, 'object']);
      }
    });

    it('calls a tool by its listed name and returns its content', async () => {
      const result = await fixture.toolbox.call(fixture.echo, { message: 'contract ping' });
      expect(result.isError ?? false).toBe(false);
      expect(text(result)).toContain('contract ping');
    });

    it('the same call twice gives the same result (no state kept between calls)', async () => {
      const first = await fixture.toolbox.call(fixture.echo, { message: 'again' });
      const second = await fixture.toolbox.call(fixture.echo, { message: 'again' });
      expect(second).toEqual(first);
    });

    it('an unknown name rejects with a ReinsError at fault `tool`, and the toolbox keeps working', async () => {
      const error = await fixture.toolbox.call('no_such_tool_here', {}).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(ReinsError.isInstance(error)).toBe(true);
      expect((error as ReinsError).fault).toBe('tool');
      expect(text(await fixture.toolbox.call(fixture.echo, { message: 'still here' }))).toContain('still here');
    });

    it('a call whose signal is already aborted rejects instead of returning a result', async () => {
      const controller = new AbortController();
      controller.abort(new Error('stop'));
      await expect(fixture.toolbox.call(fixture.echo, { message: 'never' }, { signal: controller.signal })).rejects.toBeDefined();
    });

    it('notices, when offered, are a list', () => {
      expect(fixture.toolbox.notices?.() ?? []).toBeInstanceOf(Array);
    });
  });
}
