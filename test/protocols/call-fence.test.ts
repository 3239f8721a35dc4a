/**
 * Python-style calls in a code fence labelled as calls (```` ```tool_code ````, Gemma 3's format), and
 * the invariant beside them: a fence so labelled is never the answer, whatever it holds. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tide: ToolSpec = { name: 'tide_table', inputSchema: { type: 'object', properties: { harbour: { type: 'string' }, days: { type: 'integer' } } } };
const lamp: ToolSpec = { name: 'lamp_off', inputSchema: { type: 'object', properties: {} } };
const tools = [tide, lamp];
const read = (text: string, maxActions = 3) => parseDecision('native', text, { tools, maxActions });

describe('calls in a fence labelled as calls', () => {
  it('reads one call per line, each optionally printed and qualified, the text before it the plan', () => {
    const text = 'Two harbours, then the lamp.\n```tool_code\nprint(default_api.tide_table(harbour="Bodø", days=2))\ntide_table(harbour=\'Hull\', days=1,)\nlamp_off()\n```';
    expect(read(text)).toMatchObject({
      success: true,
      decisions: [
        { tool: 'tide_table', args: { harbour: 'Bodø', days: 2 } },
        { tool: 'tide_table', args: { harbour: 'Hull', days: 1 } },
        { tool: 'lamp_off', args: {} },
      ],
      thoughts: [{ content: 'Two harbours, then the lamp.' }],
    });
  });

  it('reads a call with a Python comment after it, or on a line of its own, as the call; a # inside a value stays the value', () => {
    const text = 'Harbour first.\n```tool_code\n# the northern one\ntide_table(harbour="Tromsø #2", days=1)  # one day is enough\nlamp_off()#done\n```';
    expect(read(text)).toMatchObject({ success: true, decisions: [{ tool: 'tide_table', args: { harbour: 'Tromsø #2', days: 1 } }, { tool: 'lamp_off', args: {} }] });
    expect(read('Plan.\n```python\nlamp_off()  # dark now\n```')).toMatchObject({ success: true, decisions: [{ tool: 'lamp_off' }] });
    expect(read('```tool_code\n# tide_table(harbour="Hull", days=1)\n```').success).toBe(false);
  });

  it('reads a fence that is the whole reply, a [..] list, and every labelled block in order', () => {
    expect(read('```tool_call\n[tide_table(harbour="Cobh", days=3), lamp_off()]\n```')).toMatchObject({ success: true, decisions: [{ tool: 'tide_table' }, { tool: 'lamp_off' }] });
    const twoBlocks = '```tool_code\ntide_table(harbour="Cobh")\n```\nNow the lamp.\n```tool_code\nlamp_off()\n```\nThat is all.';
    expect(read(twoBlocks)).toMatchObject({ success: true, decisions: [{ tool: 'tide_table', args: { harbour: 'Cobh' } }, { tool: 'lamp_off' }] });
  });

  it('refuses a body that is not calls only, an empty body and a fence never closed', () => {
    for (const body of ['harbours = ["Cobh"]', 'tide_table("Cobh", 3)', 'tide_table(days=1 + 2)', 'lamp_off', '']) {
      const result = read(`\`\`\`tool_code\n${body}\n\`\`\``);
      expect(result.success, body).toBe(false);
    }
    expect(read('Checking.\n```tool_code\ntide_table(harbour="Cobh")\n')).toMatchObject({ success: false, error: { message: expect.stringContaining('not closed') } });
  });

  it('leaves a call shown inside another fence, and a fence of another label, as the answer', () => {
    const shown = 'Gemma writes calls like this:\n````markdown\n```tool_code\nlamp_off()\n```\n````';
    expect(read(shown)).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
    expect(read('```python\nprint(sum([1, 2]))\n```')).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
  });

  it('property: a fence labelled as calls is never the answer, whatever its body', () => {
    const label = fc.constantFrom('tool_code', 'tool_call', 'tool_calls', 'function_call', 'function_calls', 'tool_use');
    const body = fc.oneof(
      fc.stringMatching(/^[a-z_]{1,12}(\(\))?$/),
      fc.constantFrom('{"arguments": {"harbour": "Cobh"}}', 'lamp_off()', 'x = 1', 'tide_table(harbour=Cobh)', '[1, 2]'),
    );
    fc.assert(
      fc.property(label, body, fc.constantFrom('', 'Checking.\n'), (name, inner, before) => {
        const result = read(`${before}\`\`\`${name}\n${inner}\n\`\`\``);
        const answered = result.success && result.decisions.some((decision) => decision.action === 'answer_user');
        expect(answered, `${name}: ${inner}`).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
