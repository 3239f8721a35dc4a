/** One whole game: random X/O, X first, model and user alternate until a win, a draw or the user stops. */
import type { SamplingContext } from '../../src/server/index.ts';
import { emptyBoard, emptyCells, randomSource, winner, type Board, type Mark } from './board.ts';
import { modelTurn, type Strategy } from './model-turn.ts';
import { userTurn } from './user-turn.ts';

export type Outcome = 'model-won' | 'user-won' | 'draw' | 'cancelled';

export interface Move {
  player: 'model' | 'user';
  mark: Mark;
  cell: number;
  strategy?: Strategy;
}

export interface GameResult {
  [key: string]: unknown;
  board: Board;
  outcome: Outcome;
  modelMark: Mark;
  userMark: Mark;
  moves: Move[];
}

export async function playGame(sampling: SamplingContext, seed?: number): Promise<GameResult> {
  const modelMark: Mark = randomSource(seed)() < 0.5 ? 'X' : 'O';
  const userMark: Mark = modelMark === 'X' ? 'O' : 'X';
  const board = emptyBoard();
  const moves: Move[] = [];
  const result = (outcome: Outcome): GameResult => ({ board, outcome, modelMark, userMark, moves });
  for (let turn: Mark = 'X'; ; turn = turn === 'X' ? 'O' : 'X') {
    if (turn === modelMark) {
      const { cell, strategy } = await modelTurn(sampling, board, modelMark);
      board[cell] = modelMark;
      moves.push({ player: 'model', mark: modelMark, cell, strategy });
    } else {
      const move = await userTurn(sampling, board, userMark);
      if ('stopped' in move) return result('cancelled');
      board[move.cell] = userMark;
      moves.push({ player: 'user', mark: userMark, cell: move.cell });
    }
    const won = winner(board);
    if (won) return result(won === modelMark ? 'model-won' : 'user-won');
    if (emptyCells(board).length === 0) return result('draw');
  }
}
