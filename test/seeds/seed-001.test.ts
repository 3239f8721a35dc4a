/**
 * Seed 001's proof, in the seed's own API shape: `examples/play-ttt/seed-shape.ts` (before / client /
 * after, `ctx.sampleTools`, `ctx.sampleSchema` with the seed's OpenAI-shaped history,
 * `ctx.elicit('pickMove', { board })`) runs as a real MCP server over stdio; reins' own MCP client
 * (`connectServers`) serves its sampling with a ScriptedModel and its elicitations with a scripted user.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSource } from '../../examples/play-ttt/board.ts';
import type { ElicitationReply, UserChannel } from '../../src/spec/user-channel.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import type { Model, ModelRequest } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';

const serverPath = fileURLToPath(new URL('../../examples/play-ttt/seed-server.ts', import.meta.url));

function seedFor(modelPlaysX: boolean): number {
  for (let seed = 0; ; seed++) if (randomSource(seed)() < 0.5 === modelPlaysX) return seed;
}

/** L1 then L2 per model move: a strategy call, then the cell through the forced schema tool. */
function modelMoves(...cells: number[]): ScriptStep[] {
  return cells.flatMap((cell): ScriptStep[] => [
    (request: ModelRequest) => {
      expect(request.tools?.map((tool) => tool.name)).toEqual(['play_offensive', 'play_defensive']);
      expect(request.toolChoice).toBe('required');
      return { toolCalls: [{ name: 'play_defensive', arguments: { threat: `cell ${cell}` } }] };
    },
    (request: ModelRequest) => {
      expect(request.tools?.map((tool) => tool.name)).toEqual(['structured_output']);
      // The seed's L2 history: board, the strategy call, its result.
      expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
      expect(request.messages[2]).toMatchObject({ toolName: 'play_defensive', content: 'Strategy: play_defensive. Now pick an empty cell.' });
      return { toolCalls: [{ name: 'structured_output', arguments: { cell } }] };
    },
  ]);
}

function scriptedUser(replies: (number | 'cancel')[]): UserChannel & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    ask: async () => 'unused',
    elicit: async (request): Promise<ElicitationReply> => {
      asked.push(request.message);
      const next = replies.shift();
      if (next === undefined) throw new Error('user script exhausted');
      return next === 'cancel' ? { action: 'cancel' } : { action: 'accept', content: { cell: next } };
    },
  };
}

// One server for the file; each test plays with its own scripted model and user behind it.
let current: { model: ScriptedModel; user: UserChannel } | undefined;
const model: Model = {
  provider: 'scripted',
  modelId: 'per-test',
  supportsTools: true,
  generate: (request) => current!.model.generate(request),
};
const user: UserChannel = { ask: async () => 'unused', elicit: (request) => current!.user.elicit!(request) };
let servers: McpServers;
beforeAll(async () => {
  servers = await connectServers({ mcpServers: { ttt: { command: process.execPath, args: [serverPath] } } }, { model, user });
  expect(servers.failures).toEqual([]);
});
afterAll(() => servers.close());

async function play(scripted: ScriptedModel, player: UserChannel, seed: number) {
  current = { model: scripted, user: player };
  const result = await servers.toolbox.call('play_ttt', { seed }, { timeoutMs: 20_000 });
  scripted.assertComplete();
  return result;
}

describe("seed 001: play_ttt in the seed's API shape, over a real MCP client/server pair", () => {
  it('the model (X) wins along the top row; the user answers the pickMove form', async () => {
    const user = scriptedUser([3, 4]);
    const result = await play(new ScriptedModel(modelMoves(0, 1, 2)), user, seedFor(true));
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      winner: 'X',
      modelWasX: true,
      cancelled: false,
      board: ['X', 'X', 'X', 'O', 'O', null, null, null, null],
      moves: [
        { player: 'X', cell: 0, isModel: true, strategy: 'play_defensive' },
        { player: 'O', cell: 3, isModel: false },
        { player: 'X', cell: 1, isModel: true },
        { player: 'O', cell: 4, isModel: false },
        { player: 'X', cell: 2, isModel: true },
      ],
    });
    expect(user.asked[0]).toContain("Your turn! You're playing as O.");
    expect(user.asked[0]).toContain(' X | 1 | 2 ');
  });

  it('the user (X) moves first, picks a taken cell and is asked again, then cancels', async () => {
    const user = scriptedUser([4, 4, 'cancel']);
    const result = await play(new ScriptedModel(modelMoves(0)), user, seedFor(false));
    expect(result.structuredContent).toMatchObject({
      cancelled: true,
      winner: null,
      modelWasX: false,
      board: ['O', null, null, null, 'X', null, null, null, null],
    });
    expect(user.asked).toHaveLength(3);
  });
});
