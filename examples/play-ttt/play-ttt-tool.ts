/**
 * The `play_ttt` tool (seed 001's proof): one call plays a whole game of tic-tac-toe between the
 * client's model (over MCP sampling, or a reins Model) and the client's user (over elicitation).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { replayedValue, RoundTrips, samplingContext, type SamplingContextOptions } from '../../src/server/index.ts';
import { formatBoard } from './board.ts';
import { playGame, type GameResult } from './play-game.ts';

const mark = z.enum(['X', 'O']);
const gameResultSchema = z.object({
  board: z.array(mark.nullable()).length(9),
  outcome: z.enum(['model-won', 'user-won', 'draw', 'cancelled']),
  modelMark: mark,
  userMark: mark,
  moves: z.array(
    z.object({
      player: z.enum(['model', 'user']),
      mark,
      cell: z.number().int(),
      strategy: z.enum(['play_offensive', 'play_defensive']).optional(),
    }),
  ),
});

const outcomeText: Record<GameResult['outcome'], string> = {
  'model-won': 'The model won.',
  'user-won': 'You won.',
  draw: 'Draw.',
  cancelled: 'Game cancelled by the user.',
};

/**
 * One key per process: a game's rounds on 2026-07-28 reach this process (stdio, or one HTTP process).
 * Several processes behind a balancer would share `new RoundTrips({ key: process.env.TTT_STATE_KEY })`.
 */
const rounds = new RoundTrips();

export function registerPlayTtt(server: McpServer, options: SamplingContextOptions = {}): void {
  server.registerTool(
    'play_ttt',
    {
      title: 'Play tic-tac-toe',
      description: 'Plays a whole game of tic-tac-toe: your model against you. X and O are drawn at random; X starts.',
      inputSchema: z.object({ seed: z.number().int().optional().describe('Fixes the random X/O draw (for tests)') }),
      outputSchema: gameResultSchema,
    },
    // On 2026-07-28 each sampling or elicitation is one input_required round and the game is replayed
    // up to it: playGame is deterministic given the seed and the answers (a missing seed is drawn once).
    rounds.tool(async ({ seed }, ctx) => {
      const drawn = seed ?? replayedValue(ctx, () => Math.floor(Math.random() * 2 ** 31));
      const game = await playGame(samplingContext(server, ctx, options), drawn);
      const text = `Model: ${game.modelMark}, you: ${game.userMark}.\n${formatBoard(game.board)}\n${outcomeText[game.outcome]}`;
      return { content: [{ type: 'text' as const, text }], structuredContent: game };
    }),
  );
}

export function createPlayTttServer(options: SamplingContextOptions = {}): McpServer {
  // A tampered or expired requestState is refused before the handler runs (JSON-RPC -32602).
  const server = new McpServer({ name: 'reins-play-ttt', version: '0.1.0' }, { ...rounds.serverOptions });
  registerPlayTtt(server, options);
  return server;
}
