/**
 * A reply indented as a whole (`reply-indent.ts`): the run of spaces or tabs that begins every line is
 * layout, so a call reads the same indented or not, in each dialect whose values stand on lines of
 * their own; a value reaching further left than the rest keeps its text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import { withoutReplyIndent } from '../../src/protocols/extract/reply-indent.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tools: ToolSpec[] = [
  { name: 'tide_table', inputSchema: { type: 'object', properties: { harbour: { type: 'string' }, days: { type: 'integer' } }, required: ['harbour'] } },
];

const callsOf = (text: string) => {
  const result = parseDecision('native', text, { tools });
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : undefined;
};

const indentAll = (text: string, indent: string): string => text.split('\n').map((line) => indent + line).join('\n');

/** One call in each dialect that writes values on lines of their own. */
const calls = (harbour: string): string[] => [
  `<tool_call>\n<function=tide_table>\n<parameter=harbour>\n${harbour}\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>`,
  `<tool_call>tide_table\n<arg_key>harbour</arg_key>\n<arg_value>${harbour}</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>`,
  `<tool_call>\n{"name": "tide_table", "arguments": {"harbour": "${harbour}", "days": 3}}\n</tool_call>`,
];

describe('a reply indented as a whole', () => {
  it('reads a Qwen XML call whose every line is indented without the indentation in its values', () => {
    const text = '    <tool_call>\n    <function=tide_table>\n    <parameter=harbour>\n    Stromness\n    </parameter>\n    </function>\n    </tool_call>';
    expect(callsOf(text)).toEqual([['tide_table', { harbour: 'Stromness' }]]);
  });

  it('keeps a value whose own lines reach further left than the reply', () => {
    const text = '  <tool_call>\n  <function=tide_table>\n  <parameter=harbour>\nStromness\n  </parameter>\n  </function>\n  </tool_call>';
    expect(callsOf(text)).toEqual([['tide_table', { harbour: 'Stromness\n  ' }]]);
  });

  it('leaves a reply alone when its first line was not indented', () => {
    expect(withoutReplyIndent('def tide():\n    return 3', '')).toBe('def tide():\n    return 3');
  });

  it('property: over each dialect, a call indented line by line reads as the call unindented', () => {
    const harbour = fc.stringMatching(/^[A-Z][a-z]{2,9}( [A-Z][a-z]{2,9})?$/);
    const indent = fc.stringMatching(/^[ \t]{1,6}$/);
    fc.assert(
      fc.property(harbour, indent, fc.nat({ max: 2 }), (name, space, which) => {
        const call = calls(name)[which] as string;
        expect(callsOf(indentAll(call, space))).toEqual(callsOf(call));
        expect(callsOf(call)).toEqual([['tide_table', { harbour: name, days: 3 }]]);
      }),
      { numRuns: 80 },
    );
  });
});
