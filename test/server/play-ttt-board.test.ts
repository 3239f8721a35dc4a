import { describe, expect, it } from 'vitest';
import { emptyBoard, emptyCells, formatBoard, randomSource, winner, type Board } from '../../examples/play-ttt/board.ts';
import { moveSchema } from '../../examples/play-ttt/model-turn.ts';

describe('play_ttt board', () => {
  it('finds a winner on rows, columns and diagonals, and none on an open board', () => {
    const board: Board = emptyBoard();
    expect(winner(board)).toBeUndefined();
    for (const line of [[3, 4, 5], [1, 4, 7], [2, 4, 6]]) {
      const trial = emptyBoard();
      for (const cell of line) trial[cell] = 'O';
      expect(winner(trial)).toBe('O');
    }
  });

  it('lists empty cells and draws them by number', () => {
    const board = emptyBoard();
    board[0] = 'X';
    board[4] = 'O';
    expect(emptyCells(board)).toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect(formatBoard(board).split('\n')[0]).toBe(' X | 1 | 2 ');
  });

  it('a seed fixes the draw', () => {
    expect(randomSource(7)()).toBe(randomSource(7)());
    expect(randomSource(7)()).not.toBe(randomSource(8)());
  });

  it('the move schema rejects an occupied cell with the list of empty ones', () => {
    const board = emptyBoard();
    board[4] = 'X';
    const taken = moveSchema(board).safeParse({ cell: 4 });
    expect(taken.success).toBe(false);
    expect(taken.error?.issues[0]?.message).toBe('cell 4 is taken; empty cells: 0, 1, 2, 3, 5, 6, 7, 8');
    expect(moveSchema(board).safeParse({ cell: 9 }).success).toBe(false);
    expect(moveSchema(board).safeParse({ cell: 0 }).data).toEqual({ cell: 0 });
  });
});
