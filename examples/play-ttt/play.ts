/**
 * Play tic-tac-toe against your model through the play_ttt MCP server, from the terminal.
 * reins' MCP client (`connectServers`) starts the server over stdio, serves its sampling requests
 * with a model (the server's sampleTools / sampleSchema), and asks you for your moves (the server's
 * elicit) at a prompt.
 *
 *   npm run example:ttt                                   # offline: a rule-based stand-in plays the model's side
 *   npm run example:ttt -- --model ollama:qwen3:4b        # a real model plays (see README "Models")
 *   npm run example:ttt -- --auto --seed 7                # no prompts: your moves are picked at random
 *   npm run example:ttt -- --seed-shape                   # the same game written in seed 001's shape (seed-shape.ts)
 *
 * Off a terminal your moves are picked at random too, so the example also runs unattended.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isCancel, select } from '@clack/prompts';
import type { ElicitationReply, ElicitationRequest, Model, ModelRequest, UserChannel } from 'reins';
import { connectServers } from 'reins/mcp';
import { resolveModel } from 'reins/models';
import { MockModel } from 'reins/testing';

const { values } = parseArgs({
  options: { model: { type: 'string' }, auto: { type: 'boolean', default: false }, seed: { type: 'string' }, 'seed-shape': { type: 'boolean', default: false } },
});
const seed = values.seed === undefined ? undefined : Number(values.seed);
let random = seed ?? Date.now();
const nextRandom = () => ((random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

/** The stand-in: attack, then take the best empty cell (centre, corners, edges) that the server lists. */
function standIn(): Model {
  const preference = [4, 0, 2, 6, 8, 1, 3, 5, 7];
  return new MockModel(
    (request: ModelRequest) => {
      const names = (request.tools ?? []).map((tool) => tool.name);
      if (names.includes('play_offensive')) {
        return { toolCalls: [{ id: `s${Date.now()}`, name: 'play_offensive', arguments: { reasoning: 'take the strongest free cell' } }] };
      }
      const lastText = JSON.stringify(request.messages.at(-1));
      const empty = /empty cells: ([\d, ]+)/i.exec(lastText)?.[1]?.split(',').map(Number) ?? preference;
      const cell = preference.find((candidate) => empty.includes(candidate)) ?? empty[0];
      if (names.length > 0) return { toolCalls: [{ id: `m${Date.now()}`, name: names[0]!, arguments: { cell } }] };
      return JSON.stringify({ cell });
    },
    { supportsTools: true, modelId: 'rule-based stand-in' },
  );
}

/** The cells offered: the form's enum (play-ttt-tool.ts), else the free cells the board in the message shows by number (seed-shape.ts). */
const emptyCellsOf = (request: ElicitationRequest): string[] => {
  const offered = (request.requestedSchema.properties as Record<string, { enum?: string[] }> | undefined)?.cell?.enum;
  return offered ? offered.map(String) : [...new Set(request.message.match(/(?<= )\d(?= )/g) ?? [])];
};
/** The seed-shaped form asks for an integer, the other for one of the enum's strings. */
const cellContent = (request: ElicitationRequest, cell: string) =>
  (request.requestedSchema.properties as Record<string, { type?: string }> | undefined)?.cell?.type === 'integer' ? { cell: Number(cell) } : { cell };

const interactive = !values.auto && process.stdin.isTTY && process.stdout.isTTY;
const user: UserChannel = {
  ask: async () => 'no',
  async elicit(request): Promise<ElicitationReply> {
    const cells = emptyCellsOf(request);
    console.log(`\n${request.message}`);
    if (!interactive) {
      const cell = cells[Math.floor(nextRandom() * cells.length)]!;
      console.log(`(you play ${cell})`);
      return { action: 'accept', content: cellContent(request, cell) };
    }
    const cell = await select({ message: 'Your cell', options: cells.map((value) => ({ value, label: value })) });
    return isCancel(cell) ? { action: 'cancel' } : { action: 'accept', content: cellContent(request, cell) };
  },
};

const model = values.model ? resolveModel(values.model) : standIn();
const server = { command: process.execPath, args: [join(import.meta.dirname, values['seed-shape'] ? 'seed-server.ts' : 'server.ts')] };
const servers = await connectServers({ mcpServers: { ttt: server } }, { model, user });
try {
  if (servers.failures[0]) throw servers.failures[0].error;
  console.log(`Model: ${model.modelId}. Starting a game of tic-tac-toe.`);
  const result = await servers.toolbox.call('play_ttt', seed === undefined ? {} : { seed });
  const game = result.structuredContent as { outcome?: string; winner?: string | null; cancelled?: boolean; moves: unknown[] };
  console.log(`\n${result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')}`);
  const outcome = game.outcome ?? (game.cancelled ? 'cancelled' : game.winner === 'draw' ? 'draw' : `${game.winner} won`);
  console.log(`outcome: ${outcome} after ${game.moves.length} moves`);
} finally {
  await servers.close();
}
