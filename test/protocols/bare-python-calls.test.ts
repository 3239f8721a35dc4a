/**
 * Python-style calls of offered tools without list brackets (`bare-python-calls.ts`), as GUI and
 * computer-use agents write their actions: read where the call ends its line and only framing stands
 * before it; corrected anywhere else, never answered; positional values bound as Python binds them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'tap', inputSchema: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } } },
  { name: 'enter_text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  { name: 'wait', inputSchema: { type: 'object', properties: {} } },
  { name: 'swipe', inputSchema: { type: 'object', properties: { path: { type: 'array', items: { type: 'number' } } } } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])) : result.error.message;
};

describe('bare Python-style calls', () => {
  it.each([
    ['the whole reply', 'tap(x=12, y=40)', [['tap', { x: 12, y: 40 }]]],
    ['spaces inside the parentheses', 'tap( x = 12 , y = 40 )', [['tap', { x: 12, y: 40 }]]],
    ['a call with no arguments, alone', 'wait()', [['wait', {}]]],
    ['on its own line after reasoning prose', 'The field is focused now\nenter_text(text="Lyon")', [['enter_text', { text: 'Lyon' }]]],
    ['after an action label', 'Thought: open it.\nAction: tap(x=3, y=4)', [['tap', { x: 3, y: 4 }]]],
    ['after a sentence on its line', 'The list is long. swipe(path=[1, 2, 3])', [['swipe', { path: [1, 2, 3] }]]],
    ['as the whole text of an element', '<act>enter_text(text="say \\"hi\\"")</act>', [['enter_text', { text: 'say "hi"' }]]],
    ['after think tags', '<think>the button is at the top</think>\ntap(x=500, y=20)', [['tap', { x: 500, y: 20 }]]],
  ])('reads one %s', (_, text, calls) => {
    expect(callsOf(text)).toEqual(calls);
  });

  it('reads one call per line, each counted against the actions allowed', () => {
    expect(callsOf('tap(x=1, y=2)\nwait()', 2)).toEqual([['tap', { x: 1, y: 2 }], ['wait', {}]]);
    expect(parse('tap(x=1, y=2)\nwait()').success).toBe(false);
  });

  it('reads a call list that is the whole text of an element, after reasoning in its own element', () => {
    expect(callsOf('<act>[tap(x=1, y=2), wait()]</act>', 2)).toEqual([['tap', { x: 1, y: 2 }], ['wait', {}]]);
    expect(callsOf('<notes>the field first</notes><act>[enter_text(text="Lyon")]</act>')).toEqual([['enter_text', { text: 'Lyon' }]]);
    expect(callsOf('<act>[ tap(x=5, y=6) ]</act>')).toEqual([['tap', { x: 5, y: 6 }]]);
  });

  it('corrects a call list in an element that is not closed, not the element\'s whole text, or beside words', () => {
    for (const text of ['<act>[tap(x=1, y=2), wait()</act>', '<act>[tap(x=1, y=2)] and more</act>', '<act>[tap(x=1, y=2)]</act> next', 'See <act>[tap(x=1, y=2)]', '<act>[tap(x=1, y=2)</act>']) {
      expect(parse(text, 2).success, text).toBe(false);
    }
  });

  it('property: a call list inside any element reads back every call in order (fast-check)', () => {
    // `x` first: never a reasoning marker such as `<think>`, which holds no call.
    const element = fc.stringMatching(/^x[a-z_-]{0,12}$/);
    fc.assert(
      fc.property(element, fc.array(fc.integer({ min: -999, max: 999 }), { minLength: 1, maxLength: 3 }), (name, xs) => {
        const list = xs.map((x) => `tap(x=${x}, y=0)`).join(', ');
        expect(callsOf(`<${name}>[${list}]</${name}>`, xs.length)).toEqual(xs.map((x) => ['tap', { x, y: 0 }]));
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['one value for the first declared parameter', 'tap(7)', [['tap', { x: 7 }]]],
    ['values in declaration order', '<act>tap(7, 9)</act>', [['tap', { x: 7, y: 9 }]]],
    ['a value, then a keyword for a later parameter', 'Action: tap(7, y=9)', [['tap', { x: 7, y: 9 }]]],
    ['a quoted value holding a comma', 'enter_text("Oslo, Norway")', [['enter_text', { text: 'Oslo, Norway' }]]],
  ])('binds positional values to the declared parameters in order: %s', (_, text, calls) => {
    expect(callsOf(text)).toEqual(calls);
  });

  it('corrects, never answers, positional values Python would refuse: too many, a parameter given twice, a keyword first, a name', () => {
    for (const text of ['tap(1, 2, 3)', 'tap(1, x=2)', 'tap(x=1, 2)', 'wait(1)', 'enter_text(city)']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('corrects positional values where the schema lists an optional parameter before a required one (no signature to bind by)', () => {
    const spec: ToolSpec[] = [{ name: 'find', inputSchema: { type: 'object', properties: { limit: { type: 'string' }, query: { type: 'string' } }, required: ['query'] } }];
    expect(parseDecision('native', 'find("tides")', { tools: spec }).success).toBe(false);
    expect(parseDecision('native', 'find(query="tides")', { tools: spec })).toMatchObject({ success: true, decision: { args: { query: 'tides' } } });
  });

  it('property: n literals bind to the first n declared parameters, more than declared are corrected (fast-check)', () => {
    const names = ['alpha', 'beta', 'gamma'];
    const spec: ToolSpec[] = [{ name: 'act', inputSchema: { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])) } }];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -999, max: 999 }), { minLength: 1, maxLength: 5 }), fc.constantFrom('', 'Action: ', 'Done. '), (values, label) => {
        const result = parseDecision('native', `${label}act(${values.join(', ')})`, { tools: spec });
        if (values.length > names.length) return !result.success;
        const expected = Object.fromEntries(values.map((value, index) => [names[index], value]));
        return result.success && result.decision.action === 'call_tool' && JSON.stringify(result.decision.args) === JSON.stringify(expected);
      }),
    );
  });

  it('corrects, never answers, a call mid-sentence, cut off, or beside a call it would drop', () => {
    for (const text of [
      'Maybe tap(x=1, y=2) would work here',
      'tap(x=1, y=',
      'tap(x=1, y=2) and then wait()',
      '<act>tap(x=1, y=2)</act> next',
      // An element named for a result holds what a tool returned: a call there was made up, never run.
      '<tool_result>tap(x=1, y=2)</tool_result>',
      '<observation>wait()</observation>',
    ]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('keeps prose that only mentions a tool the answer, and does not run a quoted example', () => {
    for (const text of ['Note: wait() pauses the run.', 'Note:\nwait()\nis how to pause.', 'Use `tap(x=1, y=2)` to press.', '> tap(x=1, y=2)\nThat is how a tap looks.']) {
      const result = parse(text);
      expect(result.success && result.decision.action === 'answer_user', text).toBe(true);
    }
  });

  it('corrects a whole reply calling a tool that is not offered as an unknown tool', () => {
    expect(parse('Tap(x=1, y=2)')).toMatchObject({ success: false, error: { kind: 'unknown-tool', toolName: 'Tap' } });
  });

  it('property: a keyword call on its own line reads back exactly the values written (fast-check)', () => {
    const text = fc.string({ maxLength: 20 }).filter((value) => !/[\\"\n\r]/.test(value));
    const lead = fc.constantFrom('', 'Action: ', 'Looking at the screen.\n', 'It is open. ');
    fc.assert(
      fc.property(lead, fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 5000 }), text, (before, x, y, written) => {
        expect(callsOf(`${before}tap(x=${x}, y=${y})`)).toEqual([['tap', { x, y }]]);
        expect(callsOf(`${before}enter_text(text="${written}")`)).toEqual([['enter_text', { text: written }]]);
      }),
      { numRuns: 200 },
    );
  });

  it('property: a call followed by more words on its line is never run nor answered (fast-check)', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), words, (x, after) => {
        expect(parse(`tap(x=${x}, y=1) ${after}`).success).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
