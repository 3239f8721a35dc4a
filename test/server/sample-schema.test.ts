import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SampleConfigError, SampleValidationError, samplingContext } from '../../src/server/index.ts';
import { assertBalanced } from '../../src/server/sample-history.ts';
import type { StandardSchemaLike } from '../../src/tools/tool-input-schema.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, textOnly, withTools } from './sampling-client.ts';

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
          sampledToolUse([{ name: 'structured_output', input: { cell: 4 }, id: 'first' }]),
          sampledToolUse([{ name: 'structured_output', input: { cell: 2 }, id: 'second' }]),
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
    const bad = () => sampledToolUse([{ name: 'structured_output', input: { cell: 0 } }], 'corner!');
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
    const run = await inTool({ capabilities: withTools, sampling: [sampledText('no idea')] }, async (server, ctx) =>
      samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move, retries: 0 }),
    );
    expect((run.error as SampleValidationError).attempts).toBe(1);
    expect((run.error as SampleValidationError).lastResult.parseError?.message).toBe('The reply contains no JSON value.');
  });

  it('over text-only sampling: describes the schema in the prompt, reads JSON from prose, corrects with a user turn', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [sampledText('I will take the center: {"cell": 4}'), sampledText('<think>hmm</think>{"cell": 8}')],
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

describe('sampleSchema keeps the result history balanced', () => {
  it('drops a call made beside the forced structured_output call, so result.messages can be sent again', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [
          sampledToolUse([
            { name: 'structured_output', input: { cell: 2 }, id: 'answer' },
            { name: 'play_offensive', input: { reasoning: 'also this' }, id: 'extra' },
          ]),
          sampledText('Noted.'),
        ],
      },
      async (server, ctx) => {
        const sampling = samplingContext(server, ctx);
        const move = await sampling.sampleSchema({ prompt: 'Your move', schema: Move });
        const followUp = await sampling.sample({ messages: [...move.messages, { role: 'user', content: 'Why?' }] });
        return { move, followUp };
      },
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.move.parsed).toEqual({ cell: 2 });
    expect(run.value?.move.messages.at(-1)).toEqual({ role: 'assistant', content: '{"cell":2}' });
    expect(() => assertBalanced(run.value!.move.messages)).not.toThrow();
    expect(run.samplingRequests[1]?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(run.value?.followUp.text).toBe('Noted.');
  });

  it('drops the calls of a schema reply read from its text (sample and sampleSchema)', async () => {
    const reply = () => sampledToolUse([{ name: 'play_defensive', input: { threat: 'row 1' }, id: 'stray' }], '{"cell": 6}');
    const run = await inTool({ capabilities: withTools, sampling: [reply(), reply()] }, async (server, ctx) => {
      const sampling = samplingContext(server, ctx);
      return [await sampling.sample({ prompt: 'Your move', schema: Move }), await sampling.sampleSchema({ prompt: 'Your move', schema: Move })];
    });
    for (const result of run.value ?? []) {
      expect(result.parsed).toEqual({ cell: 6 });
      expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: '{"cell": 6}' });
      expect(() => assertBalanced(result.messages)).not.toThrow();
    }
    expect(run.value).toHaveLength(2);
  });
});

/** A Standard Schema from no library (not Zod): validates a cell, optionally exposing its JSON Schema. */
function cellSchema(withJsonSchema: boolean): StandardSchemaLike<{ cell: number }> {
  return {
    '~standard': {
      version: 1,
      vendor: 'hand-made',
      validate: (value: unknown) => {
        const cell = (value as { cell?: unknown } | null)?.cell;
        return typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell <= 8
          ? { value: { cell } }
          : { issues: [{ message: 'cell must be a whole number 0..8', path: ['cell'] }] };
      },
      ...(withJsonSchema
        ? { jsonSchema: { input: () => ({ type: 'object', properties: { cell: { type: 'integer', description: 'from ~standard' } }, required: ['cell'] }) } }
        : {}),
    },
  };
}

describe('a non-Zod Standard Schema as `schema`', () => {
  it('sends the JSON Schema it exposes and validates with its own validate (corrections included)', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [
          sampledToolUse([{ name: 'structured_output', input: { cell: 11 } }]),
          sampledToolUse([{ name: 'structured_output', input: { cell: 3 } }]),
        ],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: cellSchema(true) }),
    );
    expect(run.value).toMatchObject({ parsed: { cell: 3 }, attempts: 2 });
    expect(run.samplingRequests[0]?.tools?.[0]?.inputSchema).toMatchObject({ properties: { cell: { description: 'from ~standard' } } });
    expect(JSON.stringify(run.samplingRequests[1]?.messages[2])).toContain('/cell cell must be a whole number 0..8');
  });

  it('uses the `jsonSchema` option when the schema exposes none (and over the one it exposes)', async () => {
    const fallback = { type: 'object', properties: { cell: { type: 'integer', description: 'from the option' } }, required: ['cell'] };
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [sampledText('{"cell": 5}'), sampledText('{"cell": 7}')],
      },
      async (server, ctx) => {
        const sampling = samplingContext(server, ctx);
        return [
          await sampling.sample({ prompt: 'Your move', schema: cellSchema(false), jsonSchema: fallback }),
          await sampling.sampleSchema({ prompt: 'Your move', schema: cellSchema(true), jsonSchema: fallback }),
        ];
      },
    );
    expect(run.value?.map((result) => result.parsed)).toEqual([{ cell: 5 }, { cell: 7 }]);
    for (const request of run.samplingRequests) {
      expect(request.systemPrompt).toContain('"description":"from the option"');
      expect(request.systemPrompt).not.toContain('from ~standard');
    }
  });

  it('without either, throws SampleConfigError invalid-schema naming the option, before any request', async () => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ prompt: 'Your move', schema: cellSchema(false) }),
    );
    expect(SampleConfigError.isInstance(run.error)).toBe(true);
    expect((run.error as SampleConfigError).reason).toBe('invalid-schema');
    expect((run.error as Error).message).toContain('hand-made schema exposes no JSON Schema');
    expect((run.error as Error).message).toContain('`jsonSchema`');
    expect(run.samplingRequests).toHaveLength(0);
  });
});
