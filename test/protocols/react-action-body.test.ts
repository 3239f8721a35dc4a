/**
 * ReAct input written under the action's name with no `Action Input:` label (`react-action-body.ts`):
 * a JSON object, or one element per argument; and LangChain's conversational `AI:` answer after a
 * thought. Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const text = { type: 'string' };
const tools: ToolSpec[] = [
  { name: 'patch_file', inputSchema: { type: 'object', properties: { file: text, before: text, after: text }, required: ['file', 'before', 'after'] } },
  { name: 'open_lines', inputSchema: { type: 'object', properties: { file: text, from: { type: 'integer' }, to: { type: 'integer' } }, required: ['file'] } },
];
const parse = (reply: string) => parseDecision('native', reply, { tools });

describe('an action input under the tool name', () => {
  it('reads elements, one per argument, dropping only the newlines that frame a value', () => {
    const reply = 'Thought: swap the guard\nAction: patch_file\n<file>lib/gate.py</file>\n<before>\n    if open:\n</before>\n<after>    if open and ready:</after>';
    expect(parse(reply)).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'patch_file', args: { file: 'lib/gate.py', before: '    if open:', after: '    if open and ready:' }, reason: 'swap the guard' },
    });
  });

  it('reads a JSON object, typed by the schema', () => {
    expect(parse('Action: open_lines\n{\n  "file": "lib/gate.py",\n  "from": 3,\n  "to": 9\n}')).toMatchObject({
      success: true,
      decision: { tool: 'open_lines', args: { file: 'lib/gate.py', from: 3, to: 9 } },
    });
  });

  it('reads a fenced JSON object, and the input under another label (`Input:`, `Arguments:`)', () => {
    const want = { success: true, decision: { tool: 'open_lines', args: { file: 'lib/gate.py', from: 4 } } };
    expect(parse('Thought: read it\nAction: open_lines\n```json\n{"file": "lib/gate.py", "from": 4}\n```')).toMatchObject(want);
    expect(parse('Action: open_lines\nInput: {"file": "lib/gate.py", "from": 4}')).toMatchObject(want);
    expect(parse('Action: open_lines\n**Arguments:** {"file": "lib/gate.py", "from": 4}')).toMatchObject(want);
    expect(parse('Action: open_lines\nInput: {"file": "lib/gate.py", "from": 4').success).toBe(false);
    // `Parameters:` promises arguments: a list under it is no text input for the only property.
    const single: ToolSpec[] = [{ name: 'look_up', inputSchema: { type: 'object', properties: { term: text }, required: ['term'] } }];
    expect(parseDecision('native', 'Action: look_up\nParameters:\n- term: gates', { tools: single }).success).toBe(false);
    expect(parseDecision('native', 'Action: look_up\nInput: gates of Oslo', { tools: single })).toMatchObject({ success: true, decision: { args: { term: 'gates of Oslo' } } });
  });

  it('corrects elements cut off inside a value, and elements missing a required argument', () => {
    const cut = parse('Action: patch_file\n<file>lib/gate.py</file>\n<before>if open:</before>\n<after>if open and');
    expect(cut).toMatchObject({ success: false, error: { message: expect.stringContaining('not whole elements') } });
    expect(parse('Action: patch_file\n<file>lib/gate.py</file>\n<before>if open:</before>\n<text>x</text>').success).toBe(false);
  });

  it('corrects a JSON object cut off, and keeps prose under the name a correction', () => {
    expect(parse('Action: open_lines\n{"file": "lib/gate.py", "from": 3').success).toBe(false);
    expect(parse('Action: open_lines\nI will open the gate file next.')).toMatchObject({ success: false, error: { message: expect.stringContaining('has no `Action Input:` line') } });
  });
});

describe('property: elements under the name are read whole or not at all (fast-check)', () => {
  const value = fc.stringMatching(/^[a-z][a-z ]{0,11}[a-z]$/);
  const write = (file: string, before: string, after: string) => `Action: patch_file\n<file>${file}</file>\n<before>${before}</before>\n<after>${after}</after>`;

  it('reads exactly the values written', () => {
    fc.assert(
      fc.property(value, value, value, (file, before, after) => {
        expect(parse(write(file, before, after))).toMatchObject({ success: true, decision: { tool: 'patch_file', args: { file, before, after } } });
      }),
    );
  });

  it('never runs a call cut off before its last element closes', () => {
    fc.assert(
      fc.property(value, value, value, fc.nat(), (file, before, after, at) => {
        const whole = write(file, before, after);
        const start = whole.indexOf('<file>');
        const cut = whole.slice(0, start + (at % (whole.length - start)));
        const result = parse(cut);
        expect(result.success && result.decision.action === 'call_tool', cut).toBe(false);
      }),
    );
  });
});

describe('a conversational agent answer after its thought', () => {
  it('reads `AI: ..` after a thought as the answer', () => {
    expect(parse('Thought: Do I need a tool? No\nAI: The gate opens at nine.')).toMatchObject({
      success: true,
      decision: { action: 'answer_user', answer: 'The gate opens at nine.' },
    });
  });

  it('keeps an `AI:` line with no thought before it as prose', () => {
    expect(parse('AI: a field that moves fast.')).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'AI: a field that moves fast.' } });
  });
});

describe('an action input that says there is none', () => {
  const withClock: ToolSpec[] = [...tools, { name: 'clock_now', inputSchema: { type: 'object', properties: {} } }];
  const parseWith = (reply: string) => parseDecision('native', reply, { tools: withClock });

  it.each(['None', 'null', 'N/A'])('calls a tool that takes no arguments with {} for `Action Input: %s`', (none) => {
    expect(parseWith(`Thought: the time first.\nAction: clock_now\nAction Input: ${none}`)).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'clock_now', args: {} },
    });
  });

  it('corrects it for a tool that needs arguments, and keeps any other word a correction for a tool without them', () => {
    expect(parseWith('Action: open_lines\nAction Input: None').success).toBe(false);
    expect(parseWith('Action: clock_now\nAction Input: now please').success).toBe(false);
  });

  it('property: only a null literal reads as no input for a tool without arguments (fast-check)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}[a-z]$/), (word) => {
        const result = parseWith(`Action: clock_now\nAction Input: ${word}`);
        expect(result.success).toBe(['None', 'null'].includes(word));
      }),
      { numRuns: 100 },
    );
  });
});
