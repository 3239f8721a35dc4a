/** The user's move: a form elicitation offering only the empty cells. */
import { z } from 'zod';
import type { SamplingContext } from '../../src/server/index.ts';
import { emptyCells, formatBoard, type Board, type Mark } from './board.ts';

export type UserMove = { cell: number } | { stopped: 'decline' | 'cancel' };

export async function userTurn(sampling: SamplingContext, board: Board, mark: Mark): Promise<UserMove> {
  const [first, ...rest] = emptyCells(board).map(String);
  const schema = z.object({
    cell: z.enum([first!, ...rest]).describe('An empty cell: 0..8, left to right, top to bottom'),
  });
  const reply = await sampling.elicit(`Your move (you play ${mark}).\n${formatBoard(board)}`, schema);
  if (reply.action !== 'accept') return { stopped: reply.action };
  return { cell: Number(reply.content.cell) };
}
