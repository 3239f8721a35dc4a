/**
 * The model's move: `sampleTools` for a strategy (L1: play_offensive / play_defensive), then, in the
 * same conversation, `sampleSchema` for the cell (L2). An occupied cell fails the schema's refinement,
 * so the retry carries the correction ("cell 4 is taken; empty cells: ...").
 */
import { z } from 'zod';
import type { SamplingContext } from '../../src/server/index.ts';
import { emptyCells, formatBoard, type Board, type Mark } from './board.ts';

const strategyTools = [
  {
    name: 'play_offensive',
    description: 'Go for a win: build or complete your own line.',
    inputSchema: z.object({ reasoning: z.string().describe('Why attacking is right now') }),
  },
  {
    name: 'play_defensive',
    description: 'Block the opponent: stop a line they are building.',
    inputSchema: z.object({ threat: z.string().describe('The line or cells that threaten you') }),
  },
] as const;

export type Strategy = (typeof strategyTools)[number]['name'];

/** A move on an empty cell of `board`. */
export function moveSchema(board: Board) {
  return z.object({ cell: z.number().int().min(0).max(8).describe('The cell to mark, 0..8') }).superRefine((move, ctx) => {
    if (board[move.cell] !== null) {
      ctx.addIssue({ code: 'custom', path: ['cell'], message: `cell ${move.cell} is taken; empty cells: ${emptyCells(board).join(', ')}` });
    }
  });
}

export async function modelTurn(sampling: SamplingContext, board: Board, mark: Mark): Promise<{ cell: number; strategy: Strategy }> {
  const systemPrompt = `You play tic-tac-toe as ${mark}. Cells are numbered 0..8, left to right, top to bottom.`;
  const strategy = await sampling.sampleTools({
    systemPrompt,
    prompt: `Board (numbers are empty cells):\n${formatBoard(board)}\nChoose your strategy for this move.`,
    tools: strategyTools,
  });
  const chosen = strategy.toolCalls[0];
  const empty = emptyCells(board).join(', ');
  const results = strategy.toolCalls.map((call) => ({
    role: 'tool' as const,
    toolCallId: call.id,
    toolName: call.name,
    content: call === chosen ? `Playing ${call.name}. Now pick your cell. Empty cells: ${empty}.` : 'Ignored: one strategy per move.',
  }));
  const move = await sampling.sampleSchema({
    systemPrompt,
    messages: [...strategy.messages, ...results],
    schema: moveSchema(board),
    retries: 3,
  });
  return { cell: move.parsed.cell, strategy: chosen.name };
}
