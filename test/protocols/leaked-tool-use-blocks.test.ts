/**
 * An Anthropic `tool_use` content block leaked into the reply's text (as JSON, or as a Python dict's
 * repr) is a call: its `id`, `type` and cache breakpoint (`cache_control`, an object with a `type`,
 * or null) are the block's metadata beside `input`; any other key beside `input` is no argument and
 * is corrected, never dropped (`call-object.ts`).
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [{ name: 'archive_mail', inputSchema: { type: 'object', properties: { folder: { type: 'string' }, dry_run: { type: 'boolean' } } } }];
const parse = (text: string) => parseDecision('native', text, { tools });
const block = (extra: Record<string, unknown>) => JSON.stringify({ type: 'tool_use', id: 'toolu_01Zq', name: 'archive_mail', input: { folder: 'old', dry_run: true }, ...extra });

describe('a leaked tool_use block', () => {
  it('is read with its cache breakpoint as metadata, in JSON and as a Python repr, after prose', () => {
    for (const text of [
      block({ cache_control: { type: 'ephemeral' } }),
      block({ cache_control: null }),
      `Archiving now.${block({ cache_control: { type: 'ephemeral', ttl: '5m' } })}`,
      "{'type': 'tool_use', 'id': 'toolu_01Zq', 'name': 'archive_mail', 'input': {'folder': 'old', 'dry_run': True}, 'cache_control': None}",
    ]) {
      expect(parse(text), text).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'archive_mail', args: { folder: 'old', dry_run: true } } });
    }
  });

  it('is corrected when a key beside input is not the block metadata, so no argument is dropped', () => {
    for (const text of [block({ cache_control: 'ephemeral' }), block({ cache_control: ['x'] }), block({ folder_hint: 'new' })]) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message, text).toMatch(/beside its arguments/);
    }
  });
});
