/**
 * End to end: reins' own MCP client (`connectServers`) spawns the play_ttt server over stdio, serves
 * its sampling with a ScriptedModel (tools sent natively: strategy tools, then the forced
 * `structured_output` tool for the cell) and its elicitations with a scripted user.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { randomSource } from '../../examples/play-ttt/board.ts';
import type { ElicitationReply, UserChannel } from '../../src/spec/user-channel.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import type { ModelRequest } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';

const serverPath = fileURLToPath(new URL('../../examples/play-ttt/server.ts', import.meta.url));

/** The first seed whose draw gives the model `mark`. */
function seedFor(mark: 'X' | 'O'): number {
  for (let seed = 0; ; seed++) if ((randomSource(seed)() < 0.5 ? 'X' : 'O') === mark) return seed;
}

/** Two model steps per move: a strategy tool call, then the cell through the forced schema tool. */
function modelMoves(...cells: number[]): ScriptStep[] {
  return cells.flatMap((cell): ScriptStep[] => [
    (request: ModelRequest) => {
      expect(request.tools?.map((tool) => tool.name)).toEqual(['play_offensive', 'play_defensive']);
      return { toolCalls: [{ name: 'play_offensive', arguments: { reasoning: `aim for ${cell}` } }] };
    },
    (request: ModelRequest) => {
      expect(request.tools?.map((tool) => tool.name)).toEqual(['structured_output']);
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
      return next === 'cancel' ? { action: 'cancel' } : { action: 'accept', content: { cell: String(next) } };
    },
  };
}

let servers: McpServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

async function play(model: ScriptedModel, user: UserChannel, seed: number) {
  servers = await connectServers({ mcpServers: { ttt: { command: process.execPath, args: [serverPath] } } }, { model, user });
  expect(servers.failures).toEqual([]);
  const result = await servers.toolbox.call('play_ttt', { seed }, { timeoutMs: 20_000 });
  model.assertComplete();
  return result;
}

describe('play_ttt over stdio with reins as the client', () => {
  it('the model (X) wins along the top row', async () => {
    const model = new ScriptedModel(modelMoves(0, 1, 2));
    const user = scriptedUser([3, 4]);
    const result = await play(model, user, seedFor('X'));
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      outcome: 'model-won',
      modelMark: 'X',
      userMark: 'O',
      board: ['X', 'X', 'X', 'O', 'O', null, null, null, null],
    });
    expect(JSON.stringify(result.content)).toContain('The model won.');
    expect(user.asked[0]).toContain('you play O');
  });

  it('a full board ends in a draw', async () => {
    const model = new ScriptedModel(modelMoves(0, 8, 6, 5, 1));
    const result = await play(model, scriptedUser([4, 2, 3, 7]), seedFor('X'));
    expect(result.structuredContent).toMatchObject({
      outcome: 'draw',
      board: ['X', 'X', 'O', 'O', 'O', 'X', 'X', 'O', 'X'],
    });
    expect((result.structuredContent as { moves: unknown[] }).moves).toHaveLength(9);
  });

  it('the user (X) cancels on the first move', async () => {
    const model = new ScriptedModel([]);
    const result = await play(model, scriptedUser(['cancel']), seedFor('O'));
    expect(result.structuredContent).toMatchObject({ outcome: 'cancelled', modelMark: 'O', board: Array(9).fill(null) });
    expect(JSON.stringify(result.content)).toContain('Game cancelled by the user.');
  });

  it('a model that picks an occupied cell is corrected and picks again', async () => {
    const [strategy] = modelMoves(0);
    const model = new ScriptedModel([
      strategy!,
      { toolCalls: [{ name: 'structured_output', arguments: { cell: 4 } }] },
      { toolCalls: [{ name: 'structured_output', arguments: { cell: 0 } }] },
    ]);
    const result = await play(model, scriptedUser([4, 'cancel']), seedFor('O'));
    expect(result.structuredContent).toMatchObject({
      outcome: 'cancelled',
      board: ['O', null, null, null, 'X', null, null, null, null],
      moves: [
        { player: 'user', cell: 4, mark: 'X' },
        { player: 'model', cell: 0, mark: 'O', strategy: 'play_offensive' },
      ],
    });
    const retry = model.calls[2]!.messages;
    const correction = retry.at(-1);
    expect(correction).toMatchObject({ role: 'tool', isError: true });
    expect(correction?.content).toContain('cell 4 is taken; empty cells: 0, 1, 2, 3, 5, 6, 7, 8');
    // The strategy exchange and the rejected pick are both answered: the history is balanced.
    expect(retry.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
  });
});
