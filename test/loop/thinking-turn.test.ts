/**
 * The THINKING phase's cheaper paths keep what they replace: objects made with room for their later
 * fields are plain objects with the same keys, the decision event and the accepted turn equal their
 * spread-built forms, `raceAbort` settles as a plain listener race does, and `nextTurn` (no longer an
 * async function) still only ever rejects.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { acceptedTurn, decisionEvent, nextTurn, turnNotes } from '../../src/loop/next-turn.ts';
import { plainObjectMaker } from '../../src/loop/plain-object-maker.ts';
import type { RunState } from '../../src/loop/run-state.ts';
import { raceAbort } from '../../src/loop/until-aborted.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';
import type { ModelRequest, Usage } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

type Accepted = Extract<ParseResult, { success: true }>;

describe('plainObjectMaker', () => {
  it('makes plain objects: the prototype, constructor, keys, JSON and equality of a literal, for few fields and many', () => {
    const Plain = plainObjectMaker<Record<string, unknown>>();
    for (const count of [0, 1, 3, 9, 30]) {
      const made = new Plain();
      const literal: Record<string, unknown> = {};
      for (let index = count - 1; index >= 0; index--) {
        made[`field${index}`] = index;
        literal[`field${index}`] = index;
      }
      expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
      expect(made.constructor).toBe(Object);
      expect(Object.keys(made)).toEqual(Object.keys(literal));
      expect(JSON.stringify(made)).toBe(JSON.stringify(literal));
      expect(made).toStrictEqual(literal);
      expect(structuredClone(made)).toStrictEqual(literal);
    }
  });

  it('gives each maker its own constructor', () => {
    expect(plainObjectMaker()).not.toBe(plainObjectMaker());
  });
});

describe('model requests and the events of a turn', () => {
  it('are plain objects with their fields in the order they always had', async () => {
    const requests: ModelRequest[] = [];
    const model = new ScriptedModel(
      ([turn('native', [call('add', { a: 1, b: 2 })]), turn('native', [answer('3')])] as Array<string | ScriptedTurn>).map((step) => (request: ModelRequest) => {
        requests.push(request);
        return step;
      }),
    );
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'native', temperature: 0.5 }).run('1+2?'));
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(Object.getPrototypeOf(request)).toBe(Object.prototype);
      expect(Object.keys(request)).toEqual(['system', 'messages', 'signal', 'temperature', 'maxTokens', 'promptCacheKey', 'tools', 'toolChoice']);
    }
    const sent = ofType(events, 'model-request');
    expect(sent).toHaveLength(2);
    for (const event of sent) {
      expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
      expect(Object.keys(event)).toEqual(['type', 'attempt', 'system', 'messages', 'runId', 'step']);
    }
    const kept = [
      [ofType(events, 'model-response'), ['type', 'text', 'toolCalls', 'usage', 'modelId', 'finishReason', 'runId', 'step']],
      [ofType(events, 'decision'), ['type', 'decision', 'decisions', 'thoughts', 'repaired', 'dialect', 'usage', 'runId', 'step']],
    ] as const;
    for (const [ofKind, keys] of kept) {
      expect(ofKind).toHaveLength(2);
      for (const event of ofKind) {
        expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
        expect(Object.keys(event)).toEqual(keys);
      }
    }
  });
});

describe('decisionEvent and acceptedTurn', () => {
  const usage: Usage = { inputTokens: 3, outputTokens: 4 };
  const base = {
    success: true,
    decision: { action: 'answer_user', answer: 'hi' },
    decisions: [{ action: 'answer_user', answer: 'hi' }],
    thoughts: [],
    repaired: false,
    dialect: 'native',
  } as unknown as Accepted;
  const raw = { text: 'hi', toolCalls: [] };

  /** The event and turn as they were built before: spreads of the notes, call ids added last. */
  function slow(parsed: Accepted) {
    const notes = turnNotes(parsed);
    const { decision, decisions, thoughts, repaired, dialect } = parsed;
    const event = { type: 'decision', decision, decisions, thoughts, repaired, dialect, usage, ...notes };
    const built: Record<string, unknown> = { text: raw.text, toolCalls: raw.toolCalls, decisions, thoughts, ...notes };
    if (parsed.toolCallIds) built.toolCallIds = parsed.toolCallIds;
    return { event, turn: built };
  }

  it('equal the spread-built forms, keys in the same order, for every combination of notes and call ids', () => {
    const fields = {
      toolCallIds: [['call_1'], undefined],
      actions: [[{}], undefined],
      status: ['done', '', undefined],
      finalResponse: ['bye', undefined],
      reportsFailure: [{ status: 'failed' }, undefined],
      finalTurn: [true, undefined],
    } as const;
    let combos: Record<string, unknown>[] = [{}];
    for (const [key, values] of Object.entries(fields)) combos = combos.flatMap((combo) => values.map((value) => (value === undefined ? combo : { ...combo, [key]: value })));
    expect(combos.length).toBe(2 * 2 * 3 * 2 * 2 * 2);
    for (const combo of combos) {
      const parsed = { ...base, ...combo } as Accepted;
      const notes = turnNotes(parsed);
      const expected = slow(parsed);
      const event = decisionEvent(parsed, usage, notes);
      const accepted = acceptedTurn(raw, parsed, notes);
      expect(event).toStrictEqual(expected.event);
      expect(Object.keys(event)).toEqual(Object.keys(expected.event));
      expect(accepted).toStrictEqual(expected.turn);
      expect(Object.keys(accepted)).toEqual(Object.keys(expected.turn));
    }
  });
});

describe('raceAbort', () => {
  /** The race as a listener on the signal and a `then`, mapped after: what `raceAbort` must settle as. */
  function reference<T, R, S>(pending: Promise<T>, signal: AbortSignal, toValue: (value: T, self: S) => R | PromiseLike<R>, toError: (error: unknown, self: S) => unknown, self: S): Promise<R> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        pending.catch(() => undefined);
        reject(signal.reason);
        return;
      }
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      pending.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    }).then(
      (value) => toValue(value, self),
      (error: unknown) => {
        throw toError(error, self);
      },
    );
  }

  type Case = [string, () => Promise<number>, ((value: number, self: { tag: string }) => unknown)?, number?];
  const cases: Case[] = [
    ['a value', async () => 1],
    ['a rejection', async () => Promise.reject(new Error('boom'))],
    ['a mapping that throws', async () => 1, () => {
      throw new Error('judged');
    }],
    ['a mapping that returns a promise', async () => 1, async (value, self) => `${self.tag}:${value + 1}`],
    ['a mapping whose promise rejects', async () => 1, async () => Promise.reject(new Error('later'))],
    ['an abort while the callee never answers', () => new Promise<number>(() => undefined), undefined, 5],
    ['an abort before the call', async () => 1, undefined, 0],
  ];

  it.each(cases)('settles as the listener race on %s, each mapper given its object', async (_name, work, mapping, abortAfterMs) => {
    const toValue = mapping ?? ((value: number, self: { tag: string }) => `${self.tag}:${value}`);
    const toError = (error: unknown, self: { tag: string }) => new Error(`${self.tag}: ${(error as Error).message}`);
    const settle = async (race: typeof reference) => {
      const controller = new AbortController();
      if (abortAfterMs === 0) controller.abort(new Error('stopped'));
      else if (abortAfterMs !== undefined) setTimeout(() => controller.abort(new Error('stopped')), abortAfterMs);
      try {
        return { value: await race(work(), controller.signal, toValue, toError, { tag: 'self' }) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    expect(await settle(raceAbort as typeof reference)).toEqual(await settle(reference));
  });
});

describe('nextTurn', () => {
  it('rejects, never throws, when the run was aborted before the model is asked', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const state = {
      context: { signal: controller.signal, policies: { maxRetries: 1, maxActionsPerTurn: 1 } },
      transcript: { tools: [], messages: [], turnRunner: undefined },
    } as unknown as RunState;
    let returned: Promise<unknown> | undefined;
    expect(() => {
      returned = nextTurn(state);
    }).not.toThrow();
    await expect(returned).rejects.toThrow('cancelled');
  });
});

