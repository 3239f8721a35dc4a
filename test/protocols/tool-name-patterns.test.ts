/**
 * Patterns built from tool names are cached for the last tool list (`lastToolList` in `reading.ts`). The
 * cache must follow the list: a list edited in place, or a new list of the same names whose schemas
 * differ, reads as a fresh list would.
 */
import { describe, expect, it } from 'vitest';
import { findCallAttempt } from '../../src/protocols/dialects/find-call-attempt.ts';
import { toolNameTagsReader } from '../../src/protocols/dialects/tool-name-tags.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tool = (name: string, type = 'string'): ToolSpec => ({ name, inputSchema: { type: 'object', properties: { n: { type } } } });

describe('tool-name patterns', () => {
  it('the call-attempt check follows a tool list edited in place', () => {
    const tools = [tool('alpha')];
    const text = 'Calling {"name": "beta", "arguments": {}}';
    expect(findCallAttempt(text, tools)).toBeUndefined();
    tools[0] = tool('beta');
    expect(findCallAttempt(text, tools)?.toolName).toBe('beta');
    tools.push(tool('gamma'));
    expect(findCallAttempt('[gamma(n=1)]', tools)?.toolName).toBe('gamma');
  });

  it('tool-named tags follow the list edited in place and read with the schema of the list given', () => {
    const text = '<read_file><n>5</n></read_file>';
    const tools = [tool('search')];
    expect(toolNameTagsReader.read(text, { tools, primary: false })).toBeUndefined();
    tools[0] = tool('read_file', 'integer');
    expect(toolNameTagsReader.read(text, { tools, primary: false })?.items).toEqual([{ action: 'call_tool', tool: 'read_file', args: { n: 5 }, reason: '' }]);
    expect(toolNameTagsReader.read(text, { tools: [tool('read_file', 'string')], primary: false })?.items).toEqual([{ action: 'call_tool', tool: 'read_file', args: { n: '5' }, reason: '' }]);
  });
});
