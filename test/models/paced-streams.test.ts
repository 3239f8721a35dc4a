/**
 * Streams of turns held in memory (ReplayModel, ScriptedModel, ChaosModel) let the event loop turn:
 * a timer (like Ctrl-C or SIGTERM handling) gets to run mid-stream, and its abort stops the stream
 * before the end. Without pauses the whole turn streams in microtasks and the timer waits for it.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { Model, ModelStreamPart } from '../../src/spec/model.ts';
import { ReplayModel } from '../../src/models/replay-model.ts';
import { ChaosModel } from '../../src/testing/chaos-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';

// Long enough that streaming it takes many pause periods (`PAUSE_AFTER_MS`) even on a fast machine:
// a timer set at the start is due at the second pause at the latest, so the stream must outlast two.
// 600 KB in 16-character chunks streamed in about 8 ms on an idle CI machine and could end first.
const BIG = 4 * 1024 * 1024;
const bigTurn = JSON.stringify({ action: 'answer_user', answer: 'x'.repeat(BIG) });

const models: Record<string, () => Model> = {
  ReplayModel: () => new ReplayModel({ protocol: 'json', turns: [bigTurn] }),
  ScriptedModel: () => new ScriptedModel([bigTurn], { chunkSize: 8 }),
  ChaosModel: () => new ChaosModel(new ScriptedModel([bigTurn], { chunkSize: 8 }), { rate: 0 }),
};

describe.each(Object.keys(models))('%s stream of a 4 MB turn', (name) => {
  it('lets a timer run mid-stream, and its abort ends the stream before the end', async () => {
    const model = models[name]!();
    const controller = new AbortController();
    let deltas = 0;
    setTimeout(() => controller.abort(new Error('SIGTERM')), 0);
    const read = async () => {
      for await (const part of model.stream!({ messages: [{ role: 'user', content: 'q' }], signal: controller.signal }) as AsyncIterable<ModelStreamPart>) {
        if (part.type === 'text-delta') deltas += 1;
      }
    };
    await expect(read()).rejects.toThrow('SIGTERM');
    expect(deltas).toBeLessThan(Math.ceil(bigTurn.length / 8));
  });

  it('a run over it ends cancelled when a timer aborts it', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('ctrl-c')), 0);
    const result = await createAgent({ model: models[name]!(), protocol: 'json' }).run('q', { signal: controller.signal }).result;
    expect(result.status).toBe('cancelled');
  });
});
