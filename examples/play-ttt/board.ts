/** Tic-tac-toe rules for the play_ttt example: cells 0..8, left to right, top to bottom. */
export type Mark = 'X' | 'O';
export type Cell = Mark | null;
export type Board = Cell[];

const lines = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
] as const;

export function emptyBoard(): Board {
  return Array.from({ length: 9 }, () => null);
}

export function emptyCells(board: Board): number[] {
  return board.flatMap((cell, index) => (cell === null ? [index] : []));
}

/** The mark with three in a line, if any. */
export function winner(board: Board): Mark | undefined {
  for (const [a, b, c] of lines) {
    const mark = board[a];
    if (mark && mark === board[b] && mark === board[c]) return mark;
  }
  return undefined;
}

/** Three rows like ` X | . | O `, empty cells shown by their number. */
export function formatBoard(board: Board): string {
  const show = (index: number) => board[index] ?? String(index);
  return [0, 3, 6].map((row) => ` ${show(row)} | ${show(row + 1)} | ${show(row + 2)} `).join('\n---+---+---\n');
}

/** A small seeded generator (mulberry32), so a test can fix who plays X. Math.random without a seed. */
export function randomSource(seed?: number): () => number {
  if (seed === undefined) return Math.random;
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
