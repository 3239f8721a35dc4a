/**
 * The sampling helpers on both protocol eras, in memory: on 2025-11-25 the server pushes its requests
 * inside one tools/call; on 2026-07-28 (SEP-2322) each request is one `input_required` round, and a
 * retry after an invalid reply is one more round.
 */
import { describe, expect, it } from 'vitest';
import { inputRequired, MissingRequiredClientCapabilityError } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RoundTripReplay, RoundTripSuspend } from '../../src/server/round-trip-replay.ts';
import { replayedValue, samplingContext } from '../../src/server/index.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, withTools } from './sampling-client.ts';

const board = ['X', null, null, null, 'O', null, null, null, null];
const Move = z.object({ cell: z.number().int().min(0).max(8) }).superRefine((move, ctx) => {
  if (board[move.cell] !== null) ctx.addIssue({ code: 'custom', message: `cell ${move.cell} is taken`, path: ['cell'] });
});
const tools = [
  { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string().min(3) }) },
  { name: 'play_defensive', inputSchema: z.object({ threat: z.string() }) },
] as const;

describe.each([
  { era: 'modern' as const, protocol: '2026-07-28', rounds: (requests: number) => requests + 1 },
  { era: 'legacy' as const, protocol: '2025-11-25', rounds: () => 1 },
])('sampling helpers on $protocol', ({ era, rounds }) => {
  it('sampleSchema: an invalid first reply is corrected by a second request', async () => {
    const run = await inTool(
      {
        era,
        capabilities: withTools,
        sampling: [
          sampledToolUse([{ name: 'structured_output', input: { cell: 4 }, id: 'first' }]),
          sampledToolUse([{ name: 'structured_output', input: { cell: 2 }, id: 'second' }]),
        ],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value).toMatchObject({ parsed: { cell: 2 }, attempts: 2, backend: 'mcp-tools' });
    expect(run.samplingRequests).toHaveLength(2);
    expect(JSON.stringify(run.samplingRequests[1]!.messages[2])).toContain('cell 4 is taken');
    expect(run.value?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(run.toolCallRequests).toBe(rounds(2));
  });

  it('sampleTools: a text reply is corrected, the valid call is returned', async () => {
    const run = await inTool(
      {
        era,
        capabilities: withTools,
        sampling: [sampledText('I attack.'), sampledToolUse([{ name: 'play_defensive', input: { threat: 'diagonal' }, id: 'd' }])],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.toolCalls).toEqual([{ id: 'd', name: 'play_defensive', arguments: { threat: 'diagonal' } }]);
    expect(run.value?.attempts).toBe(2);
    expect(run.samplingRequests[0]?.toolChoice).toEqual({ mode: 'required' });
    expect(run.toolCallRequests).toBe(rounds(2));
  });

  it('elicit: the accepted answer is validated and returned', async () => {
    const run = await inTool(
      { era, capabilities: withTools, elicitation: [{ action: 'accept', content: { cell: '8' } }] },
      async (server, ctx) => samplingContext(server, ctx).elicit('Your move', z.object({ cell: z.enum(['2', '8']) })),
    );
    expect(run.error).toBeUndefined();
    expect(run.value).toEqual({ action: 'accept', content: { cell: '8' } });
    expect(run.elicitationRequests[0]).toMatchObject({ message: 'Your move', requestedSchema: { properties: { cell: { enum: ['2', '8'] } } } });
    expect(run.toolCallRequests).toBe(rounds(1));
  });

  it('sampleSchema then elicit in one handler: each earlier answer is replayed, none is asked twice', async () => {
    const run = await inTool(
      {
        era,
        capabilities: withTools,
        sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 2 } }])],
        elicitation: [{ action: 'decline' }],
      },
      async (server, ctx) => {
        const sampling = samplingContext(server, ctx);
        const move = await sampling.sampleSchema({ prompt: 'Your move', schema: Move });
        const reply = await sampling.elicit(`Model took ${move.parsed.cell}. Yours?`, z.object({ cell: z.string() }));
        return { move: move.parsed, reply };
      },
    );
    expect(run.value).toEqual({ move: { cell: 2 }, reply: { action: 'decline' } });
    expect(run.samplingRequests).toHaveLength(1);
    expect(run.elicitationRequests).toHaveLength(1);
    expect(run.toolCallRequests).toBe(rounds(2));
  });
});

describe('replayedValue', () => {
  it('on 2026-07-28 a value drawn in the first round is replayed in the later ones', async () => {
    let draws = 0;
    const run = await inTool(
      { era: 'modern', capabilities: withTools, elicitation: [{ action: 'accept', content: { cell: '2' } }] },
      async (server, ctx) => {
        const drawn = replayedValue(ctx, () => ++draws);
        const reply = await samplingContext(server, ctx).elicit(`Draw ${drawn}: your move`, z.object({ cell: z.string() }));
        return { drawn, reply };
      },
    );
    expect(run.toolCallRequests).toBe(2);
    expect(draws).toBe(1);
    expect(run.value).toEqual({ drawn: 1, reply: { action: 'accept', content: { cell: '2' } } });
  });
});

describe('on 2026-07-28, what the request declares bounds what the helpers ask', () => {
  it('a helper whose capability the envelope does not declare is refused with -32021 naming it, and nothing is asked', async () => {
    const sampling = await inTool({ era: 'modern', capabilities: { elicitation: { form: {} } } }, async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Hi' }));
    expect(sampling.error).toBeInstanceOf(MissingRequiredClientCapabilityError);
    expect([(sampling.error as MissingRequiredClientCapabilityError).code, (sampling.error as MissingRequiredClientCapabilityError).requiredCapabilities]).toEqual([-32021, { sampling: {} }]);
    expect(sampling.samplingRequests).toEqual([]);
    const elicitation = await inTool({ era: 'modern', capabilities: { sampling: {} } }, async (server, ctx) => samplingContext(server, ctx).elicit('Name?', z.object({ name: z.string() })));
    expect((elicitation.error as MissingRequiredClientCapabilityError).requiredCapabilities).toEqual({ elicitation: {} });
    expect(elicitation.elicitationRequests).toEqual([]);
    const roots = await inTool({ era: 'modern', capabilities: withTools }, async (server, ctx) => samplingContext(server, ctx).listRoots());
    expect((roots.error as MissingRequiredClientCapabilityError).requiredCapabilities).toEqual({ roots: {} });
  });

  it('an elicitation may name its input request (inputKey); a key already asked in the round falls back to its position', async () => {
    const replay = new RoundTripReplay([]);
    const request = inputRequired.elicit({ mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
    await expect(replay.request(request, 'user_name')).rejects.toThrow(RoundTripSuspend);
    await expect(replay.request(request, 'user_name')).rejects.toThrow(RoundTripSuspend);
    await expect(replay.request(request)).rejects.toThrow(RoundTripSuspend);
    expect(replay.pending.map((step) => step.key)).toEqual(['user_name', 'r1', 'r2']);
  });
});
