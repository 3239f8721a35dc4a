import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SampleConfigError, SampleValidationError, samplingContext } from '../../src/server/index.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, withTools } from './sampling-client.ts';

const tools = [
  { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string().min(3) }) },
  { name: 'play_defensive', inputSchema: z.object({ threat: z.string() }) },
] as const;

describe('sampleTools', () => {
  it("sends toolChoice 'required' by default and returns validated calls", async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledToolUse([{ name: 'play_offensive', input: { reasoning: 'take center' }, id: 'a' }])] },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.value?.toolCalls).toEqual([{ id: 'a', name: 'play_offensive', arguments: { reasoning: 'take center' } }]);
    expect(run.value).toMatchObject({ stopReason: 'toolUse', attempts: 1 });
    expect(run.samplingRequests[0]?.toolChoice).toEqual({ mode: 'required' });
  });

  it('corrects a text reply with a user turn naming the tools', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [sampledText('I think I should attack.'), sampledToolUse([{ name: 'play_defensive', input: { threat: 'diagonal' } }])],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.value?.toolCalls[0]).toMatchObject({ name: 'play_defensive', arguments: { threat: 'diagonal' } });
    expect(run.value?.attempts).toBe(2);
    const retry = run.samplingRequests[1]!.messages;
    expect(retry[1]).toEqual({ role: 'assistant', content: { type: 'text', text: 'I think I should attack.' } });
    expect(retry[2]?.role).toBe('user');
    expect(JSON.stringify(retry[2])).toContain('Call one of the tools: play_offensive, play_defensive.');
  });

  it('answers every call of a rejected turn with an error result (unknown tool, invalid args)', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [
          sampledToolUse([
            { name: 'play_offensive', input: { reasoning: 'no' }, id: 'bad-args' },
            { name: 'resign now!', input: {}, id: 'unknown' },
          ]),
          sampledToolUse([{ name: 'play_offensive', input: { reasoning: 'fork on 2' }, id: 'ok' }]),
        ],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.toolCalls.map((call) => call.id)).toEqual(['ok']);
    const retry = run.samplingRequests[1]!.messages;
    expect(retry).toHaveLength(3);
    const assistant = retry[1]!.content as { type: string; name?: string }[];
    expect(assistant.filter((block) => block.type === 'tool_use').map((block) => block.name)).toEqual(['play_offensive', 'resign_now_']);
    const results = retry[2]!.content as { toolUseId: string; isError: boolean; content: { text: string }[] }[];
    expect(results.map((result) => [result.toolUseId, result.isError])).toEqual([['bad-args', true], ['unknown', true]]);
    expect(results[0]?.content[0]?.text).toContain('Invalid arguments for `play_offensive`: /reasoning');
    expect(results[1]?.content[0]?.text).toBe('Unknown tool `resign_now_`; available: play_offensive, play_defensive.');
  });

  it('makes exactly 3 attempts by default (retries 2), then throws', async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledText('no'), sampledText('no'), sampledText('no'), sampledText('never sent')] },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect((run.error as SampleValidationError).attempts).toBe(3);
    expect((run.error as SampleValidationError).errors).toHaveLength(3);
    expect(run.samplingRequests).toHaveLength(3);
  });

  it('throws SampleValidationError after 1 + retries attempts', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [sampledText('no'), sampledText('still no')] }, async (server, ctx) =>
      samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools, retries: 1 }),
    );
    const error = run.error as SampleValidationError;
    expect(SampleValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ method: 'sampleTools', attempts: 2, fault: 'model' });
    expect(error.lastResult).toMatchObject({ text: 'still no', toolCalls: [] });
  });

  it("refuses toolChoice 'none' and negative retries as configuration errors", async () => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) => {
      const sampling = samplingContext(server, ctx);
      const errors: unknown[] = [];
      await sampling.sampleTools({ prompt: 'x', tools, toolChoice: 'none' as 'auto' }).catch((error) => errors.push(error));
      await sampling.sampleTools({ prompt: 'x', tools, retries: -1 }).catch((error) => errors.push(error));
      return errors;
    });
    expect(run.value?.map((error) => (error as SampleConfigError).reason)).toEqual(['invalid-option', 'invalid-option']);
    expect(run.samplingRequests).toHaveLength(0);
  });
});
