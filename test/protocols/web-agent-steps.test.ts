/**
 * Steps as web and phone agents write them under an `Action:` label: a tool that takes no arguments
 * named alone is its whole call (`Action: refresh_page`), a square-bracketed input may stand one space
 * after an offered tool's name (`Action: open_tab [3]`), and such a bracketed step on a line of its
 * own, where no reader took it, is a call attempt, never the answer. The labels may be headings
 * (`### Action ###`, as Mobile-Agent writes its steps), and a round bracket may stand one space after
 * the name as Python allows (`Tap (540, 210)`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'refresh_page', inputSchema: { type: 'object', properties: {} } },
  { name: 'go_home', inputSchema: { type: 'object' } },
  { name: 'open_tab', inputSchema: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] } },
  { name: 'fill_field', inputSchema: { type: 'object', properties: { field: { type: 'integer' }, value: { type: 'string' } } } },
  { name: 'wait_a_bit', inputSchema: { type: 'object', properties: { seconds: { type: 'number' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const decisionOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decision : 'refused';
};

describe('a tool without arguments named alone', () => {
  it('is the whole call, after a thought or under a lower-case `actions:` label', () => {
    expect(decisionOf('Thought: the list is stale, reload it.\n\nAction: refresh_page')).toMatchObject({ action: 'call_tool', tool: 'refresh_page', args: {}, reason: 'the list is stale, reload it.' });
    expect(decisionOf('Action: go_home')).toMatchObject({ tool: 'go_home', args: {} });
    expect(decisionOf('thoughts:\nstart again from the launcher\nactions:\ngo_home')).toMatchObject({ tool: 'go_home', args: {} });
  });

  it('still needs its input where the tool declares any property, optional ones too', () => {
    expect(decisionOf('Thought: the page loads slowly.\nAction: wait_a_bit')).toBe('refused');
    expect(decisionOf('Thought: pick the second tab.\nAction: open_tab')).toBe('refused');
  });

  it('is no call where more follows the name: a result the model wrote itself, or text under it', () => {
    expect(decisionOf('Thought: reload.\nAction: refresh_page\nObservation: the page is fresh')).toBe('refused');
    expect(decisionOf('Thought: reload.\nAction: refresh_page\nwith the cache cleared')).toBe('refused');
  });
});

describe('a labelled trailer after the step', () => {
  it('is prose of its own: the step before it reads as it would alone', () => {
    expect(decisionOf('Observation: the inbox is open.\nThought: go back to the start.\nAction: go_home\nSummary: returned to the launcher.')).toMatchObject({ tool: 'go_home', args: {} });
    expect(decisionOf('Thought: the report is in tab 4.\nAction: open_tab [4]\nSummary: opened the report tab.')).toMatchObject({ tool: 'open_tab', args: { index: 4 } });
  });

  it('leaves a step that is not whole by itself a correction, and a bracket input running over lines whole', () => {
    // A Python call of literals is whole by itself (`python-step.ts`); one naming a variable is not.
    expect(decisionOf('Thought: tab 4.\nAction: open_tab(4)\nSummary: opened it.')).toMatchObject({ action: 'call_tool', tool: 'open_tab', args: { index: 4 } });
    const refused = read('Thought: tab 4.\nAction: open_tab(tab)\nSummary: opened it.');
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.message).toContain('gives its input in parentheses');
    expect(decisionOf('Action: Finish[Two tabs.\nNote: both open]')).toMatchObject({ action: 'answer_user', answer: 'Two tabs.\nNote: both open' });
    expect(decisionOf('Thought: reload.\nAction: refresh_page\nseconds: 3')).toBe('refused');
  });
});

describe('a bracketed input one space after the name', () => {
  it('reads as the bracket action written without the space, for an offered tool', () => {
    expect(decisionOf('Thought: the third tab holds the report.\nAction: open_tab [3]')).toMatchObject({ tool: 'open_tab', args: { index: 3 } });
    expect(decisionOf('Action: open_tab [7]')).toMatchObject({ tool: 'open_tab', args: { index: 7 } });
  });

  it('is corrected where the tool takes several arguments, the values given in order (which is which would be a guess)', () => {
    expect(decisionOf('Thought: type the city.\nAction: fill_field [4]; Lisbon')).toBe('refused');
  });

  it('is prose where the word names no offered tool', () => {
    expect(decisionOf('Action: see [1] below')).toMatchObject({ action: 'answer_user' });
  });

  it('is a call attempt on a line of its own with no label, never the answer; a link or a sentence around it is prose', () => {
    expect(decisionOf('open_tab [2]')).toBe('refused');
    expect(decisionOf('Next:\nfill_field [4]; Lisbon')).toBe('refused');
    expect(decisionOf('Press open_tab [here](https://example.org) to start.')).toMatchObject({ action: 'answer_user' });
    expect(decisionOf('Note: open_tab[index] is how the step is written.')).toMatchObject({ action: 'answer_user' });
  });

  it('is a call in round brackets after a space closing the line, its literals bound in order; a name as a value is corrected; a description there is prose', () => {
    expect(decisionOf('### Action ###\nfill_field (4, "Lisbon")')).toMatchObject({ action: 'call_tool', tool: 'fill_field', args: { field: 4, value: 'Lisbon' } });
    expect(decisionOf('Step:\nfill_field (field=4, value=Lisbon)')).toBe('refused');
    expect(decisionOf('Step:\nopen_tab (index=2)')).toMatchObject({ action: 'call_tool', tool: 'open_tab', args: { index: 2 } });
    expect(decisionOf('I can use:\nopen_tab (switches tabs)\nfill_field (types into a field)')).toMatchObject({ action: 'answer_user' });
  });
});

describe('an Action: line opening with an offered tool\'s name and more after it', () => {
  it('is a call attempt, corrected with the tool named, never the answer', () => {
    for (const text of ['Action: open_tab 3', 'Thought: the third tab.\nAction: open_tab 3', 'Action: fill_field; 4; Lisbon']) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain('has more after the tool\'s name');
    }
  });

  it('is prose where the word only begins like a tool (`open_tabs`) or is no tool', () => {
    expect(decisionOf('Action: open_tabs are fine as they are')).toMatchObject({ action: 'answer_user' });
  });
});

describe('a thought and an action written as headings', () => {
  it('read as their labels: a tool without arguments named alone, a later heading prose of its own', () => {
    expect(decisionOf('### Thought ###\nThe page is stale.\n### Action ###\nrefresh_page\n### Operation ###\nReload the page.')).toMatchObject({ action: 'call_tool', tool: 'refresh_page', args: {}, reason: 'The page is stale.' });
    expect(decisionOf('## Thought\nThe third tab.\n\n## Action\nopen_tab (3)\n\n## Note\nThe tab opens.')).toMatchObject({ action: 'call_tool', tool: 'open_tab', args: { index: 3 } });
  });

  it('correct a step no reader reads, never answer it', () => {
    for (const step of ['fill_field (the name box, Ada)', 'fill_field (2, 5), (3, 6)', 'open_tab']) {
      expect(decisionOf(`### Thought ###\nNext.\n### Action ###\n${step}\n### Operation ###\nDone.`), step).toBe('refused');
    }
  });

  it('a heading that is no label stays prose', () => {
    expect(decisionOf('### Summary ###\nThe page has three tabs.\n### Details ###\nNone of them is open.')).toMatchObject({ action: 'answer_user' });
  });
});

describe('web agent step properties', () => {
  const name = fc.stringMatching(/^[a-z][a-z_]{1,11}[a-z]$/).filter((text) => !['none', 'null', 'nothing'].includes(text));

  it('an offered tool of no declared property, named alone as the last action, is called with {}; one with a property never is', () => {
    fc.assert(
      fc.property(name, fc.boolean(), (tool, thought) => {
        const lead = thought ? 'Thought: next step.\n' : '';
        const none: ToolSpec[] = [{ name: tool, inputSchema: { type: 'object', properties: {} } }];
        const some: ToolSpec[] = [{ name: tool, inputSchema: { type: 'object', properties: { target: {} } } }];
        const bare = parseDecision('native', `${lead}Action: ${tool}`, { tools: none });
        expect(bare).toMatchObject({ success: true, decision: { action: 'call_tool', tool, args: {} } });
        const needs = parseDecision('native', `${lead}Action: ${tool}`, { tools: some });
        expect(needs.success && needs.decision.action === 'call_tool').toBe(false);
      }),
    );
  });

  it('an Action: line opening with an offered tool\'s name, whatever follows on it, is never answered', () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.;=]{0,24}$/), fc.boolean(), (tool, rest, thought) => {
        const spec: ToolSpec[] = [{ name: tool, inputSchema: { type: 'object', properties: { first: { type: 'string' } } } }];
        const result = parseDecision('native', `${thought ? 'Thought: next.\n' : ''}Action: ${tool} ${rest}`, { tools: spec });
        expect(result.success && result.decision.action === 'answer_user').toBe(false);
      }),
    );
  });

  it('an action heading opening with an offered tool\'s name, whatever follows, is never answered', () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[A-Za-z0-9(][A-Za-z0-9 ,.()]{0,24}$/), fc.constantFrom('### Action ###', '## Action', '#### ACTION'), (tool, rest, heading) => {
        const spec: ToolSpec[] = [{ name: tool, inputSchema: { type: 'object', properties: { first: { type: 'string' } } } }];
        const result = parseDecision('native', `### Thought ###\nnext.\n${heading}\n${tool} ${rest}\n### Operation ###\nA step.`, { tools: spec });
        expect(result.success && result.decision.action === 'answer_user').toBe(false);
      }),
    );
  });

  it('an offered tool named at a line start with a bracketed input is read or refused, never answered', () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.]{0,19}$/), fc.constantFrom('', 'Action: ', 'actions:\n', 'Next step:\n'), fc.constantFrom(' ', ''), (tool, input, label, space) => {
        const spec: ToolSpec[] = [{ name: tool, inputSchema: { type: 'object', properties: { first: { type: 'string' }, second: { type: 'string' } } } }];
        const result = parseDecision('native', `${label}${tool}${space}[${input}]`, { tools: spec });
        expect(result.success && result.decision.action !== 'call_tool').toBe(false);
      }),
    );
  });
});

describe('a Python step on the line under a label that ends its line', () => {
  it('reads with keyword arguments as with positional ones, under `Action:` or a heading, and keeps text after it on its line a correction', () => {
    for (const label of ['Action:', '### Action ###', '## Action']) {
      expect(decisionOf(`${label}\nfill_field(field=3, value="Oslo")`)).toMatchObject({ tool: 'fill_field', args: { field: 3, value: 'Oslo' } });
      expect(decisionOf(`${label}\nfill_field(3, "Oslo")`)).toMatchObject({ tool: 'fill_field', args: { field: 3, value: 'Oslo' } });
      expect(decisionOf(`${label}\nfill_field(field=3, value="Oslo") <|python_tag|>{"name": "go_home"}`)).toBe('refused');
    }
  });
});
