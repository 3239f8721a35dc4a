/**
 * JSON calls in the shapes other than Llama 3's (`json-call-shapes.ts`): `params` read as the
 * arguments (JSON-RPC, MemGPT), and a call cut off before its arguments object closes never run,
 * whatever key holds them; nor does a bare call object the reply ends inside after its arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'book_room', inputSchema: { type: 'object', properties: { room: { type: 'string' }, hours: { type: 'number' } }, required: ['room'] } },
  { name: 'notify', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });

describe('JSON call shapes', () => {
  it('reads arguments under `params`, one call or two', () => {
    expect(parse('{"function": "book_room", "params": {"room": "B2", "hours": 2}}')).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room: 'B2', hours: 2 } } });
    expect(parse('{"name": "notify", "params": {"text": "line one\nline two"}}')).toMatchObject({ success: true, decision: { tool: 'notify', args: { text: 'line one\nline two' } } });
    const two = parse('{"function": "book_room", "params": {"room": "C1"}}\n{"function": "notify", "params": {"text": "booked"}}', 2);
    expect(two).toMatchObject({ success: true, decisions: [{ tool: 'book_room' }, { tool: 'notify' }] });
  });

  it('never runs a call cut off after a whole value, before its arguments object closes, whatever its arguments key (fast-check)', () => {
    const shapes = [
      (args: object) => ({ name: 'book_room', args }),
      (args: object) => ({ name: 'book_room', input: args }),
      (args: object) => ({ function: 'book_room', params: args }),
      (args: object) => ({ tool_name: 'book_room', parameters: args }),
      (args: object) => ({ type: 'function', function: { name: 'book_room', arguments: args } }),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...shapes), fc.stringMatching(/^[A-Z][0-9]{1,3}$/), fc.nat({ max: 12 }), fc.nat(), fc.constantFrom('', '\n'), (shape, room, hours, at, tail) => {
        const text = JSON.stringify(shape({ room, hours }));
        // Cut after the room's value, anywhere before the arguments object closes.
        const from = text.indexOf(room) + room.length + 1;
        const close = text.indexOf('}', from);
        const cut = text.slice(0, from + (at % (close - from))) + tail;
        const result = parse(cut);
        expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), cut).toBe(false);
      }),
      { numRuns: 120 },
    );
  });

  it('corrects a bare call object the reply ends inside after its whole arguments, whatever its name key (fast-check)', () => {
    const shapes = [
      (args: object) => ({ function: 'book_room', args }),
      (args: object) => ({ function: 'book_room', arguments: args }),
      (args: object) => ({ tool_name: 'book_room', params: args }),
      (args: object) => ({ function: { name: 'book_room', arguments: args } }),
      (args: object) => ({ type: 'function', function: { name: 'book_room', arguments: args } }),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...shapes), fc.stringMatching(/^[A-Z][0-9]{1,3}$/), fc.nat({ max: 12 }), fc.constantFrom('', '\n', ' '), fc.constantFrom('', 'Booking it. '), (shape, room, hours, tail, lead) => {
        const whole = JSON.stringify(shape({ room, hours }));
        expect(parse(lead + whole)).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room, hours } } });
        // The arguments are whole; only the call object's own closing brace is missing.
        const cut = lead + whole.slice(0, -1) + tail;
        expect(parse(cut), cut).toMatchObject({ success: false, error: { kind: 'no-decision' } });
      }),
      { numRuns: 100 },
    );
  });

  it('still runs the calls a wrapper token opens when only the brackets around whole arguments are left open', () => {
    expect(parse('<|tool_call|>[{"function": "notify", "args": {"text": "on my way"}}')).toMatchObject({ success: true, decision: { tool: 'notify', args: { text: 'on my way' } } });
  });

  it('reads calls listed under a key of their own, the object\'s only key, and corrects a name not offered', () => {
    const listed = parse('{"steps": [{"name": "book_room", "parameters": {"room": "A1"}}, {"name": "notify", "args": {"text": "done"}}]}', 2);
    expect(listed).toMatchObject({ success: true, decisions: [{ tool: 'book_room', args: { room: 'A1' } }, { tool: 'notify', args: { text: 'done' } }] });
    expect(parse('{"plan": [{"name": "cancel_room", "parameters": {}}]}')).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
  });

  it('reads one whole call of an offered tool under a key of its own, the object\'s only key, inside a call token', () => {
    expect(parse('<tool_call>{"call": {"name": "book_room", "arguments": {"room": "D4"}}}</tool_call>')).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room: 'D4' } } });
    // Without the token the envelope is no shape reins reads: an attempt, corrected, never answered.
    expect(parse('{"call": {"name": "book_room", "arguments": {"room": "D4"}}}')).toMatchObject({ success: false });
    expect(parse('<function_call>{"request": {"function": "notify", "args": {"text": "hi"}}}</function_call>')).toMatchObject({ success: true, decision: { tool: 'notify', args: { text: 'hi' } } });
    // A name alone would have its arguments guessed, a key beside the envelope is another object, and a
    // call hidden under `__proto__` is refused: none is run.
    expect(parse('<tool_call>{"call": {"name": "notify"}}</tool_call>')).toMatchObject({ success: false });
    expect(parse('<tool_call>{"__proto__": {"name": "notify", "arguments": {"text": "x"}}}</tool_call>')).toMatchObject({ success: false });
    expect(parse('<tool_call>{"call": {"name": "notify", "arguments": {"text": "x"}}, "id": 3}</tool_call>')).toMatchObject({ success: false });
  });

  it('property: one call under any one-word envelope key, with or without a call token, is that call or a correction, never another call nor an answer', () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{0,11}$/);
    const room = fc.stringMatching(/^[A-Z][0-9]$/);
    fc.assert(
      fc.property(key, room, fc.constantFrom('arguments', 'args', 'parameters'), fc.constantFrom(['', ''], ['<tool_call>', '</tool_call>'], ['<function_call>', '</function_call>']), (envelope, value, argumentKey, [open, close]) => {
        const result = parse(`${open}${JSON.stringify({ [envelope]: { name: 'book_room', [argumentKey]: { room: value } } })}${close}`);
        expect(result.success && result.decision.action === 'answer_user').toBe(false);
        if (result.success) expect(result.decisions).toEqual([{ action: 'call_tool', tool: 'book_room', args: { room: value }, reason: '' }]);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves a list of data or of tool definitions under one key as the answer', () => {
    for (const text of ['{"rooms": [{"name": "A1", "floor": 2}]}', '{"tools": [{"name": "book_room", "description": "Books a room.", "parameters": {"type": "object", "properties": {}}}]}', '{"rooms": []}']) {
      expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text } });
    }
  });
});

describe('call wrapper keys in camel case', () => {
  it("reads Gemini's functionCall parts and camel-cased OpenAI wrappers as the wrappers", () => {
    expect(parse('{"functionCall": {"name": "book_room", "args": {"room": "A7"}}}')).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room: 'A7' } } });
    const parts = parse('[{"functionCall": {"name": "book_room", "args": {"room": "A7"}}}, {"functionCall": {"name": "notify", "args": {"text": "ok"}}}]', 2);
    expect(parts).toMatchObject({ success: true, decisions: [{ tool: 'book_room' }, { tool: 'notify' }] });
    expect(parse('{"toolCalls": [{"type": "function", "function": {"name": "notify", "arguments": "{\\"text\\": \\"hi\\"}"}}]}')).toMatchObject({ success: true, decision: { tool: 'notify', args: { text: 'hi' } } });
  });

  it('keeps a key beside a respelled wrapper a correction, and two spellings of one wrapper unread', () => {
    expect(parse('{"functionCall": {"name": "book_room", "args": {"room": "A7"}}, "thoughtSignature": "x"}').success).toBe(false);
    expect(parse('{"functionCall": {"name": "book_room", "args": {"room": "A7"}, "hours": 2}}').success).toBe(false);
    expect(parse('{"functionCall": {"name": "notify", "args": {"text": "a"}}, "function_call": {"name": "notify", "arguments": {"text": "b"}}}').success).toBe(false);
  });

  it('reads a wrapper in any case style as the snake-case one (fast-check)', () => {
    const style = fc.constantFrom((words: string[]) => words.join('_'), (words: string[]) => words[0] + words.slice(1).map((word) => word[0]?.toUpperCase() + word.slice(1)).join(''), (words: string[]) => words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(''));
    fc.assert(
      fc.property(style, fc.stringMatching(/^[A-Z][0-9]{1,3}$/), (spell, room) => {
        const call = { name: 'book_room', arguments: { room } };
        expect(parse(JSON.stringify({ [spell(['function', 'call'])]: call }))).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room } } });
        expect(parse(JSON.stringify({ [spell(['tool', 'calls'])]: [{ type: 'function', function: call }] }))).toMatchObject({ success: true, decision: { tool: 'book_room', args: { room } } });
      }),
    );
  });
});
