import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { RecordingEndedError } from '../../src/errors/recording-ended-error.ts';
import type { ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { type Recording, ReplayModel } from '../../src/models/replay-model.ts';

const ask: ModelRequest = { messages: [{ role: 'user', content: 'hi' }] };
const recording: Recording = {
  description: 'two turns',
  protocol: 'line',
  turns: ['FUNCTION_CALL: check_calendar', 'FINAL_ANSWER: Friday'],
  protocols: {
    native: [{ toolCalls: [{ name: 'check_calendar', arguments: {} }] }, { text: 'Friday' }],
    json: ['{"action":"answer_user","answer":"Friday"}'],
  },
};
const folder = mkdtempSync(join(tmpdir(), 'reins-replay-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

describe('ReplayModel', () => {
  it('replays the turns in order, then fails with RecordingEndedError', async () => {
    const model = new ReplayModel(recording, { name: 'dinner.json' });
    expect(model).toMatchObject({ provider: 'replay', modelId: 'replay:dinner.json', protocol: 'line', supportsTools: false });
    expect(model.description).toMatch(/^Replay of a recorded session \(dinner\.json, 2 turns, line\): two turns/);
    expect(await model.generate(ask)).toEqual({
      text: 'FUNCTION_CALL: check_calendar',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 0, outputTokens: 0 },
      modelId: 'replay:dinner.json',
    });
    expect((await model.generate(ask)).text).toBe('FINAL_ANSWER: Friday');
    expect(model.remaining).toBe(0);
    const error = await model.generate(ask).catch((caught: unknown) => caught);
    expect(RecordingEndedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ recording: 'dinner.json', turnsPlayed: 2, fault: 'user' });
    expect((error as Error).message).toMatch(/ended after 2 model turn/);
    expect(model.calls).toEqual([ask, ask]);
  });

  it('picks the turn list of the run protocol and gives native tool calls ids', async () => {
    const native = new ReplayModel(recording, { protocol: 'native' });
    expect(native.supportsTools).toBe(true);
    const first = await native.generate(ask);
    expect(first).toMatchObject({ text: '', finishReason: 'tool-calls', toolCalls: [{ id: 'replay-1-1', name: 'check_calendar', arguments: {} }] });
    expect((await new ReplayModel(recording, { protocol: 'json' }).generate(ask)).text).toContain('answer_user');
    expect((await new ReplayModel(recording, { protocol: 'line' }).generate(ask)).text).toContain('FUNCTION_CALL');
  });

  it('refuses a protocol the recording does not hold, naming the recorded ones', () => {
    expect(() => new ReplayModel(recording, { protocol: 'xml' })).toThrow(/no turns for the xml protocol[\s\S]*line, native, json/);
    expect(() => new ReplayModel({ turns: [42] } as unknown as Recording)).toThrow(ConfigError);
  });

  it('streams the text in chunks, then the tool calls and a finish part', async () => {
    const model = new ReplayModel({ turns: ['abcdefghij', { text: 'x', toolCalls: [{ id: 'c', name: 't', arguments: '{"a":1' }] }] }, { chunkSize: 4 });
    const first = await collect(model.stream(ask));
    expect(first.filter((part) => part.type === 'text-delta').map((part) => part.text)).toEqual(['abcd', 'efgh', 'ij']);
    expect(first.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 }, modelId: 'replay:recording' });
    const second = await collect(model.stream(ask));
    expect(second).toContainEqual({ type: 'tool-call', toolCall: { id: 'c', name: 't', arguments: '{"a":1' } });
    expect(second.at(-1)).toMatchObject({ finishReason: 'tool-calls' });
  });

  it('honours an aborted signal without using up a turn', async () => {
    const model = new ReplayModel(recording);
    const reason = new Error('stop');
    await expect(model.generate({ ...ask, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(model.remaining).toBe(2);
    const controller = new AbortController();
    const parts: string[] = [];
    const consume = async () => {
      for await (const part of new ReplayModel({ turns: ['a long enough text to chunk'] }, { chunkSize: 2 }).stream({ ...ask, signal: controller.signal })) {
        if (part.type === 'text-delta') parts.push(part.text);
        controller.abort(reason);
      }
    };
    await expect(consume()).rejects.toBe(reason);
    expect(parts).toEqual(['a ']);
  });

  it('reads a recording file and names itself after it', async () => {
    const path = join(folder, 'terminal.json');
    writeFileSync(path, JSON.stringify(recording));
    const model = await ReplayModel.fromFile(path, { protocol: 'native' });
    expect(model.modelId).toBe('replay:terminal.json');
    writeFileSync(join(folder, 'broken.json'), '{ not json');
    await expect(ReplayModel.fromFile(join(folder, 'broken.json'))).rejects.toThrow(/broken.json is not valid JSON/);
    expect(() => ReplayModel.fromFileSync(join(folder, 'missing.json'))).toThrow(/Cannot read the replay recording/);
    expect(ReplayModel.fromFileSync(path).modelId).toBe('replay:terminal.json');
  });

  it('loads every bundled demo recording for each protocol it holds', async () => {
    const recordings = join(import.meta.dirname, '..', '..', 'examples', 'demo-recordings');
    for (const protocol of ['json', 'envelope', 'xml', 'line', 'native']) {
      const meal = await ReplayModel.fromFile(join(recordings, `meal-planner-${protocol}.json`), { protocol });
      expect(meal.remaining, protocol).toBeGreaterThanOrEqual(5);
      const terminal = await ReplayModel.fromFile(join(recordings, 'terminal-assistant.json'), { protocol });
      expect(terminal.remaining, protocol).toBe(2);
    }
  });
});
