/**
 * `play_ttt` written in seed 001's own shape: `before` draws X/O, `client` plays the game through
 * `ctx.sampleTools` (L1 strategy), `ctx.sampleSchema` (L2 move, the seed's OpenAI-shaped history) and
 * `ctx.elicit('pickMove', { board })`, `after` formats the result. The seed's Effection code ports as
 * it is: `function*` became `async function`, `yield*` became `await`, and the imports changed.
 * (examples/play-ttt/play-ttt-tool.ts is the same game in reins' own style.)
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withSampling, type McpToolContext, type WithSamplingOptions } from '../../src/server/index.ts';
import { emptyBoard, emptyCells, formatBoard, randomSource, winner, type Board, type Mark } from './board.ts';

const MoveSchema = z.object({
  cell: z.number().min(0).max(8).describe('The cell to place your mark (0-8)'),
});

const elicits = {
  pickMove: {
    response: z.object({ cell: z.number().int().min(0).max(8).describe('An empty cell, 0..8') }),
    message: ({ board, userSymbol }: { board: Board; userSymbol: Mark }) =>
      `Your turn! You're playing as ${userSymbol}.\n${formatBoard(board)}`,
  },
};

type Ctx = McpToolContext<typeof elicits>;
interface Handoff { modelPlaysX: boolean; modelSymbol: Mark; userSymbol: Mark }
interface GameMove { player: Mark; cell: number; isModel: boolean; strategy?: string }
interface ClientResult { board: Board; moves: GameMove[]; winner: Mark | 'draw' | null; cancelled: boolean }

function before(seed?: number): Handoff {
  const modelPlaysX = randomSource(seed)() < 0.5;
  return { modelPlaysX, modelSymbol: modelPlaysX ? 'X' : 'O', userSymbol: modelPlaysX ? 'O' : 'X' };
}

async function modelMove(ctx: Ctx, board: Board, modelSymbol: Mark): Promise<{ cell: number; strategy: string }> {
  // L1: strategy, a guaranteed tool call.
  const strategy = await ctx.sampleTools({
    prompt: `You are playing tic-tac-toe as ${modelSymbol}.\n\nBoard:\n${formatBoard(board)}\n\nChoose your strategy.`,
    tools: [
      { name: 'play_offensive', description: 'Go for the win or set up a winning position', inputSchema: z.object({ reasoning: z.string() }) },
      { name: 'play_defensive', description: 'Block opponent threats or prevent losing', inputSchema: z.object({ threat: z.string() }) },
    ],
    retries: 3,
  });
  const strategyCall = strategy.toolCalls[0];
  const empty = emptyCells(board);
  // L2: the move, a guaranteed parsed schema, after the strategy exchange (OpenAI chat shape, as in the seed).
  const move = await ctx.sampleSchema({
    messages: [
      { role: 'user', content: `Board:\n${formatBoard(board)}\nEmpty cells: ${empty.join(', ')}` },
      { role: 'assistant', tool_calls: [{ id: strategyCall.id, type: 'function', function: { name: strategyCall.name, arguments: strategyCall.arguments } }] },
      { role: 'tool', tool_call_id: strategyCall.id, content: `Strategy: ${strategyCall.name}. Now pick an empty cell.` },
    ],
    schema: MoveSchema,
    retries: 3,
  });
  // Guaranteed to parse; the seed's fallback for a hallucinated (occupied) cell.
  const cell = empty.includes(move.parsed.cell) ? move.parsed.cell : empty[0]!;
  return { cell, strategy: strategyCall.name };
}

async function client(handoff: Handoff, ctx: Ctx): Promise<ClientResult> {
  const board = emptyBoard();
  const moves: GameMove[] = [];
  for (let turn: Mark = 'X'; ; ) {
    if (turn === handoff.modelSymbol) {
      const { cell, strategy } = await modelMove(ctx, board, handoff.modelSymbol);
      board[cell] = turn;
      moves.push({ player: turn, cell, isModel: true, strategy });
    } else {
      const result = await ctx.elicit('pickMove', { board, userSymbol: handoff.userSymbol });
      if (result.action === 'decline' || result.action === 'cancel') return { board, moves, winner: null, cancelled: true };
      if (board[result.content.cell] !== null) continue; // taken: ask again
      board[result.content.cell] = turn;
      moves.push({ player: turn, cell: result.content.cell, isModel: false });
    }
    const won = winner(board);
    if (won) return { board, moves, winner: won, cancelled: false };
    if (emptyCells(board).length === 0) return { board, moves, winner: 'draw', cancelled: false };
    turn = turn === 'X' ? 'O' : 'X';
  }
}

function after(handoff: Handoff, clientResult: ClientResult) {
  return { ...clientResult, modelWasX: handoff.modelPlaysX };
}

export function registerSeedPlayTtt(server: McpServer, options: Omit<WithSamplingOptions, 'elicits'> = {}): void {
  server.registerTool(
    'play_ttt',
    {
      description: 'Play a complete game of tic-tac-toe. Encapsulates the entire game from start to finish.',
      inputSchema: z.object({ seed: z.number().int().optional().describe('Fixes the random X/O draw (for tests)') }),
    },
    withSampling(server, { ...options, elicits }, async ({ seed }, ctx) => {
      const handoff = before(seed);
      const result = after(handoff, await client(handoff, ctx));
      const outcome = result.cancelled ? 'Game cancelled.' : result.winner === 'draw' ? 'Draw.' : `${result.winner} wins.`;
      return { content: [{ type: 'text' as const, text: `${formatBoard(result.board)}\n${outcome}` }], structuredContent: result };
    }),
  );
}

export function createSeedPlayTttServer(options: Omit<WithSamplingOptions, 'elicits'> = {}): McpServer {
  const server = new McpServer({ name: 'reins-play-ttt-seed-shape', version: '0.1.0' });
  registerSeedPlayTtt(server, options);
  return server;
}
