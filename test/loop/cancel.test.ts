import { describe, expect, it } from 'vitest';
import { RunCancelledError } from '../../src/errors/run-cancelled-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { allProtocols, answer, call, collect, ofType, turn } from './helpers.ts';

describe.each(allProtocols)('abort mid-run over %s', (protocol) => {
  it('aborts the running tool through its signal and ends cancelled with RunCancelledError', async () => {
    const controller = new AbortController();
    let sawAbort = false;
    const wait = defineTool({
      name: 'wait_for_build',
      description: 'Waits for the build.',
      input: { type: 'object', properties: {} },
      execute: (_args, { signal }) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(new Error('stopped'));
          });
          controller.abort(new Error('user pressed ctrl-c'));
        }),
    });
    const model = new ScriptedModel([turn(protocol, [call('wait_for_build', {})], [wait.spec]), turn(protocol, [answer('never')])], {
      supportsTools: protocol === 'native',
    });
    const { events, result } = await collect(createAgent({ model, tools: [wait], protocol }).run('build', { signal: controller.signal }));

    expect(sawAbort).toBe(true);
    expect(result.status).toBe('cancelled');
    expect(RunCancelledError.isInstance(result.error)).toBe(true);
    expect((result.error?.cause as Error).message).toBe('user pressed ctrl-c');
    expect(model.calls).toHaveLength(1);
    expect(ofType(events, 'run-end')[0]?.status).toBe('cancelled');
    if (protocol === 'native') expect(result.transcript.at(-1)).toMatchObject({ role: 'tool', isError: true });
  });
});

describe('abort before start', () => {
  it('never calls the model', async () => {
    const model = new ScriptedModel([JSON.stringify(answer('x'))]);
    const signal = AbortSignal.abort();
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q', { signal }));
    expect(result.status).toBe('cancelled');
    expect(model.calls).toHaveLength(0);
  });

  it('aborting during a streamed model turn cancels the stream', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([JSON.stringify(answer('a long answer that streams slowly'))], { chunkSize: 2, delayMs: 5 });
    const run = createAgent({ model, protocol: 'json' }).run('q', { signal: controller.signal });
    for await (const event of run) if (event.type === 'decision-delta') controller.abort();
    const result = await run.result;
    expect(result.status).toBe('cancelled');
    expect(model.streams[0]?.completed).toBe(false);
  });
});
