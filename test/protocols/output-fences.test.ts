/**
 * A fenced block labelled as output (`output-fence.ts`): whatever call it holds shows what a tool
 * returned, and is never run; the same call under a plain or a call label still is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { labelsOutput } from '../../src/protocols/extract/output-fence.ts';

const tools: ToolSpec[] = [{ name: 'save_note', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } }];
const parse = (text: string) => parseDecision('native', text, { tools });
const ranCall = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
};
const calls = [
  (title: string) => JSON.stringify({ name: 'save_note', arguments: { title } }),
  (title: string) => JSON.stringify({ method: 'tools/call', params: { name: 'save_note', arguments: { title } } }),
  (title: string) => JSON.stringify({ type: 'function', function: { name: 'save_note', arguments: { title } } }, null, 2),
];

describe('fences labelled as output', () => {
  it('knows an output label from a language or a call label', () => {
    expect(labelsOutput('```json:mcp-response:notes')).toBe(true);
    expect(labelsOutput('~~~tool_result')).toBe(true);
    expect(labelsOutput('> ```Output')).toBe(true);
    expect(labelsOutput('```json')).toBe(false);
    expect(labelsOutput('```json:mcp:notes')).toBe(false);
    expect(labelsOutput('```')).toBe(false);
    expect(labelsOutput('```tsx')).toBe(false);
  });

  it('never runs a call shown in an output fence, and runs it under any other label (fast-check)', () => {
    const word = fc.constantFrom('response', 'result', 'output', 'observation', 'results', 'Output');
    const side = fc.constantFrom('', 'json:', 'json:mcp-', 'tool_', 'text ');
    const after = fc.constantFrom('', ':notes', '-1', ' (trimmed)');
    fc.assert(
      fc.property(side, word, after, fc.constantFrom(...calls), fc.stringMatching(/^[A-Za-z]{3,10}$/), (before, label, rest, write, title) => {
        const body = write(title);
        expect(ranCall(`\`\`\`${before}${label}${rest}\n${body}\n\`\`\``)).toBe(false);
        expect(ranCall(`\`\`\`json\n${body}\n\`\`\``)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
