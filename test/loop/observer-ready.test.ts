/**
 * An observer that loads on demand (`RunObserver.ready`, as telemetry loads @opentelemetry/api):
 * the loop awaits it before a run's first event, and a failing `ready` never changes the run.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { RunObserver } from '../../src/loop/run-observer.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { answer } from './helpers.ts';

const turnOfEventLoop = () => new Promise((resolve) => setImmediate(resolve));

describe('observers that load on demand', () => {
  it('starts the run only once every observer is ready, so the observer sees it from run-start', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const observer: RunObserver = Object.assign((event: AgentEvent) => void seen.push(event.type), { ready: () => gate });
    const model = new ScriptedModel([JSON.stringify(answer('yes'))]);
    const run = createAgent({ model, protocol: 'json', stream: false, observers: [observer] }).run('q');
    await turnOfEventLoop();
    expect(seen).toEqual([]);
    expect(model.calls).toHaveLength(0);
    release();
    expect(await run.result).toMatchObject({ status: 'answered', answer: 'yes' });
    expect(seen).toEqual(['run-start', 'model-request', 'model-response', 'decision', 'answer', 'run-end']);
  });

  it('runs unchanged when an observer fails to get ready', async () => {
    const seen: string[] = [];
    const failing: RunObserver = Object.assign((event: AgentEvent) => void seen.push(event.type), {
      ready: () => Promise.reject(new Error('cannot load')),
    });
    const throwing: RunObserver = Object.assign(() => {}, {
      ready: (): Promise<void> => {
        throw new Error('cannot load either');
      },
    });
    const model = new ScriptedModel([JSON.stringify(answer('yes'))]);
    const result = await createAgent({ model, protocol: 'json', observers: [failing, throwing] }).run('q').result;
    expect(result).toMatchObject({ status: 'answered', answer: 'yes' });
    expect(seen.at(0)).toBe('run-start');
    expect(seen.at(-1)).toBe('run-end');
  });
});
