import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SampleValidationError, samplingContext } from '../../src/server/index.ts';
import { inTool, textOnly, textReply, toolUseReply, withTools } from './sampling-client.ts';

const board = ['X', null, null, null, 'O', null, null, null, null];
/** A move must land on an empty cell: the refinement's message is the correction the model sees. */
const Move = z
  .object({ cell: z.number().int().min(0).max(8) })
  .superRefine((move, ctx) => {
    if (board[move.cell] !== null) ctx.addIssue({ code: 'custom', message: `cell ${move.cell} is taken`, path: ['cell'] });
  });

describe('sampleSchema', () => {
  it('retries an invalid forced-tool reply with an error tool_result and returns the valid one', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [
          toolUseReply([{ name: 'structured_output', input: { cell: 4 }, id: 'first' }]),
          toolUseReply([{ name: 'structured_output', input: { cell: 2 }, id: 'second' }]),
        ],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.parsed).toEqual({ cell: 2 });
    expect(run.value?.attempts).toBe(2);
    const retry = run.samplingRequests[1]!;
    expect(retry.messages).toHaveLength(3);
    expect(retry.messages[1]).toEqual({
      role: 'assistant',
      content: { type: 'tool_use', id: 'first', name: 'structured_output', input: { cell: 4 } },
    });
    const answer = retry.messages[2]!.content;
    expect(answer).toMatchObject({ type: 'tool_result', toolUseId: 'first', isError: true });
    expect(JSON.stringify(answer)).toContain('/cell cell 4 is taken');
    // Balanced result history: prompt, rejected call, its error result, accepted answer.
    expect(run.value?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('throws SampleValidationError{method, attempts, lastResult} when the default 2 retries are exhausted', async () => {
    const bad = () => toolUseReply([{ name: 'structured_output', input: { cell: 0 } }], 'corner!');
    const run = await inTool({ capabilities: withTools, sampling: [bad(), bad(), bad()] }, async (server, ctx) =>
      samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move }),
    );
    expect(SampleValidationError.isInstance(run.error)).toBe(true);
    const error = run.error as SampleValidationError;
    expect(error.name).toBe('Reins_SampleValidationError');
    expect(error.method).toBe('sampleSchema');
    expect(error.attempts).toBe(3);
    expect(error.errors).toHaveLength(3);
    expect(error.lastResult.text).toBe('corner!');
    expect(error.lastResult.parseError?.message).toContain('cell 0 is taken');
    expect(run.samplingRequests).toHaveLength(3);
    expect(run.samplingRequests[2]?.messages).toHaveLength(5);
  });

  it('honours retries: 0 (a single attempt)', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [textReply('no idea')] }, async (server, ctx) =>
      samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move, retries: 0 }),
    );
    expect((run.error as SampleValidationError).attempts).toBe(1);
    expect((run.error as SampleValidationError).lastResult.parseError?.message).toBe('The reply contains no JSON value.');
  });

  it('over text-only sampling: describes the schema in the prompt, reads JSON from prose, corrects with a user turn', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [textReply('I will take the center: {"cell": 4}'), textReply('<think>hmm</think>{"cell": 8}')],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move, systemPrompt: 'You play X.' }),
    );
    expect(run.value?.parsed).toEqual({ cell: 8 });
    expect(run.value?.backend).toBe('mcp-text');
    const [first, second] = run.samplingRequests;
    expect(first?.tools).toBeUndefined();
    expect(first?.systemPrompt).toMatch(/^You play X\.\n\nReply with one JSON value that matches this JSON Schema/);
    expect(first?.systemPrompt).toContain('"cell":{"type":"integer","minimum":0,"maximum":8}');
    expect(second?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(second?.messages[2])).toContain('cell 4 is taken');
  });
});
