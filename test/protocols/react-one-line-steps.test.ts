/**
 * A ReAct step written without its line breaks (labels mid-line or glued to the word before them)
 * reads as the same step written one label per line, where an offered tool's name stands between
 * `Action:` and `Action Input:`; otherwise a mid-line label is prose. An input fenced on one line
 * (`\`\`\`json{..}\`\`\``) is the object inside the fence, never the fenced text as one argument.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'Lookup Atlas', inputSchema: { type: 'object', properties: { place: { type: 'string' } } } },
  { name: 'tide_table', inputSchema: { type: 'object', properties: { port: { type: 'string' }, days: { type: 'integer' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const decisionOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decision : 'refused';
};

describe('a ReAct step on one line', () => {
  it('reads the tool and its text input, the thought as its reason, a written observation ignored', () => {
    expect(read('Thought: find the fjord Action: Lookup Atlas Action Input: Geiranger Observation:')).toMatchObject({
      success: true,
      decision: { tool: 'Lookup Atlas', args: { place: 'Geiranger' }, reason: 'find the fjord' },
    });
  });

  it('reads labels glued to the words before them', () => {
    expect(decisionOf('Thought: I need the tidesAction:tide_tableAction Input:{"port": "Brest", "days": 2}')).toMatchObject({
      tool: 'tide_table',
      args: { port: 'Brest', days: 2 },
    });
  });

  it('reads a joining word between the tool and its input label as no part of the name', () => {
    expect(decisionOf('Now the tides. Action: tide_table with Action Input: {"port": "Vigo", "days": 1}')).toMatchObject({ tool: 'tide_table', args: { port: 'Vigo', days: 1 } });
    expect(decisionOf('Action: Lookup Atlas, Action Input: Lima')).toMatchObject({ tool: 'Lookup Atlas', args: { place: 'Lima' } });
  });

  it('keeps a label written inside the JSON input as part of a value', () => {
    expect(decisionOf('Checking. Action: tide_table Action Input: {"port": "Observation: Point", "days": 1} Observation: none yet')).toMatchObject({
      tool: 'tide_table',
      args: { port: 'Observation: Point', days: 1 },
    });
  });

  it('is refused with a final answer after it, as on separate lines', () => {
    expect(read('Action: Lookup Atlas Action Input: Oslo Final Answer: Oslo is in Norway')).toMatchObject({ success: false, error: { kind: 'too-many-actions' } });
  });

  it('is corrected where several steps on the line leave a text input without an end', () => {
    expect(read('Sure. Action: Lookup Atlas Action Input: Oslo next Action: tide_table Action Input: {"port": "Oslo"}')).toMatchObject({ success: false, error: { kind: 'no-decision' } });
    // An input that is a JSON object ends where it closes.
    expect(parseDecision('native', 'Action: tide_table Action Input: {"port": "Oslo"} Action: Lookup Atlas Action Input: Oslo', { tools, maxActions: 2 })).toMatchObject({
      success: true,
      decisions: [{ tool: 'tide_table', args: { port: 'Oslo' } }, { tool: 'Lookup Atlas', args: { place: 'Oslo' } }],
    });
  });

  it.each([
    ['a name that is no offered tool', 'The Action: Lookup World Action Input: fields name a tool and its input.'],
    ['a label inside a longer word', 'The reaction: tide_table Action Input: was expected.'],
    ['a lower-case label in a sentence', 'Remember the action: tide_table action input: pairs from the docs.'],
  ])('stays prose with %s', (_label, text) => {
    expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('reads the same as the step written one label per line (property)', () => {
    const input = fc.stringMatching(/^[A-Za-z][A-Za-z ,.!]{0,30}[a-z]$/).filter((text) => !/action|thought|observation|answer/i.test(text));
    const gap = fc.constantFrom(' ', '  ', '\t');
    fc.assert(
      fc.property(input, input, gap, fc.boolean(), (thought, value, space, observed) => {
        const lines = `Thought: ${thought}\nAction: Lookup Atlas\nAction Input: ${value}${observed ? '\nObservation:' : ''}`;
        const oneLine = `Thought: ${thought}${space}Action: Lookup Atlas${space}Action Input: ${value}${observed ? `${space}Observation:` : ''}`;
        expect(decisionOf(oneLine)).toEqual(decisionOf(lines));
        expect(decisionOf(oneLine)).toMatchObject({ tool: 'Lookup Atlas', args: { place: value.trim() } });
      }),
      { numRuns: 150 },
    );
  });
});

describe('a tool input fenced on one line', () => {
  it('is the JSON object inside the fence', () => {
    expect(decisionOf('Action: tide_table\nAction Input: ```json{"port": "Cork", "days": 3}```')).toMatchObject({ tool: 'tide_table', args: { port: 'Cork', days: 3 } });
    expect(decisionOf('Action: Lookup Atlas\nAction Input: ```{"place": "Bergen"}```')).toMatchObject({ tool: 'Lookup Atlas', args: { place: 'Bergen' } });
  });

  it('is never the fenced text given to a lone text argument', () => {
    const result = decisionOf('Action: Lookup Atlas\nAction Input: ```json{"place": "Tromsø"}```');
    expect(result).toMatchObject({ args: { place: 'Tromsø' } });
  });
});
