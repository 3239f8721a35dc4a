/**
 * Kimi K2 call ids a client sanitized to `[A-Za-z0-9_-]` (`functions_<tool>_<index>`) name the offered
 * tool between the namespace and the index; nothing else is read into such an id.
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tool = (name: string): ToolSpec => ({ name, inputSchema: { type: 'object', properties: { harbour: { type: 'string' } } } });
const call = (id: string, args = '{"harbour": "Brest"}') =>
  `<|tool_calls_section_begin|><|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;
const read = (text: string, tools: ToolSpec[]) => {
  const result = parseDecision('native', text, { tools, maxActions: 2 });
  return result.success ? result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool) : result.error.message;
};

describe('a Kimi K2 call id sanitized by a client', () => {
  it('names the offered tool between the namespace and the index', () => {
    expect(read(call('functions_list_boats_1'), [tool('list_boats')])).toEqual(['list_boats']);
    expect(read(call('functions_tide_v2_12'), [tool('tide_v2')])).toEqual(['tide_v2']);
    expect(read(call('functions.list_boats:0') + call('functions_find_tide_1'), [tool('list_boats'), tool('find_tide')])).toEqual(['list_boats', 'find_tide']);
  });

  it('is an offered tool written so as it stands, and an unknown tool otherwise', () => {
    expect(read(call('functions_list_boats_1'), [tool('functions_list_boats_1'), tool('list_boats')])).toEqual(['functions_list_boats_1']);
    expect(read(call('functions_sail_1'), [tool('list_boats')])).toContain('unknown tool `functions_sail_1`');
    expect(read(call('list_boats_1'), [tool('list_boats')])).toContain('unknown tool `list_boats_1`');
  });
});
