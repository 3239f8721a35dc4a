/**
 * Calls of offered tools in a Python fence closing the reply (CodeAct agents run such code) are those
 * calls; the same fence quoted, followed by prose, or using a tool inside other code stays the answer
 * (a fence labelled with a language is text shown to the reader unless nothing but calls is in it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'tide_table', inputSchema: { type: 'object', properties: { port: { type: 'string' }, days: { type: 'integer' } } } },
  { name: 'moon_phase', inputSchema: { type: 'object', properties: { date: { type: 'string' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('calls in a python fence closing the reply', () => {
  it('are read in order, printed or not, with the prose before as the plan', () => {
    const result = parse('First the tides, then the moon.\n```python\ntide_table(port="Brest", days=2)\nprint(moon_phase(date="2026-03-01"))\n```\n');
    expect(result).toMatchObject({
      success: true,
      decisions: [
        { tool: 'tide_table', args: { port: 'Brest', days: 2 } },
        { tool: 'moon_phase', args: { date: '2026-03-01' } },
      ],
    });
    expect(result.success && result.thoughts.map((thought) => thought.content)).toEqual(['First the tides, then the moon.']);
  });

  it('are read under the py label too', () => {
    expect(parse("Checking.\n```py\ntide_table(port='Vigo')\n```")).toMatchObject({ success: true, decision: { tool: 'tide_table', args: { port: 'Vigo' } } });
  });

  it.each([
    ['code calling no offered tool', 'I will compute it.\n```python\nx = 6 * 7\nprint(x)\n```'],
    ['code using a tool in an assignment', 'Use this:\n```python\ntides = tide_table(port="Brest")\nprint(tides)\n```'],
    ['a call fence followed by prose', '```python\ntide_table(port="Brest")\n```\nThat prints the table.'],
    ['a fence quoted in a blockquote', 'You could run:\n> ```python\n> tide_table(port="Brest")\n> ```'],
    ['a fence in a list item', '1. Run this:\n   ```python\n   tide_table(port="Brest")\n   ```'],
  ])('leave %s as the answer', (_label, text) => {
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('drop the namespace of a method-style call and bind positional values by the declared parameters', () => {
    const result = parse('(Chosen step)\nLook up the tides.\n\n```python\ndevice.tide_table("Brest", days=2)\n```');
    expect(result).toMatchObject({ success: true, decision: { tool: 'tide_table', args: { port: 'Brest', days: 2 } } });
  });

  it.each([
    ['more positional values than declared parameters', 'Checking.\n```python\ndevice.tide_table("Brest", 2, "extra")\n```'],
    ['a namespaced call of no offered tool', 'Checking.\n```python\ndevice.sunrise("Brest")\n```'],
  ])('leave %s unread as calls', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool')).toBe(false);
  });

  it('bind positional values as keyword values read the same (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][a-z]{1,8}$/), fc.integer({ min: 0, max: 9 }), fc.constantFrom('', 'agent.', 'ui.device.'), (port, days, namespace) => {
        const positional = parse(`Next.\n\`\`\`python\n${namespace}tide_table("${port}", ${days})\n\`\`\``);
        const keywords = parse(`Next.\n\`\`\`python\ntide_table(port="${port}", days=${days})\n\`\`\``);
        expect(positional.success && positional.decisions).toEqual(keywords.success && keywords.decisions);
      }),
      { numRuns: 60 },
    );
  });

  it('read the same as the calls in a tool_code fence (property)', () => {
    const call = fc.record({ port: fc.stringMatching(/^[A-Z][a-z]{1,8}$/), days: fc.integer({ min: 0, max: 9 }) });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 3 }), fc.constantFrom('python', 'py'), (calls, label) => {
        const body = calls.map((args) => `tide_table(port="${args.port}", days=${args.days})`).join('\n');
        const python = parse(`Looking these up.\n\`\`\`${label}\n${body}\n\`\`\``);
        const toolCode = parse(`\`\`\`tool_code\n${body}\n\`\`\``);
        expect(python.success && python.decisions).toEqual(toolCode.success && toolCode.decisions);
        expect(python.success && python.decisions.length).toBe(calls.length);
      }),
      { numRuns: 60 },
    );
  });
});
