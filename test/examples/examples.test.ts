/**
 * The runnable examples the README names, run as a user runs them (Node 24 with the source
 * condition, as the npm scripts do), offline.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const node = join(root, 'node_modules', '.bin', 'node');

async function example(script: string, args: string[] = []): Promise<string> {
  const { stdout } = await run(node, ['--conditions=reins-source', join(root, script), ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
  return stdout;
}

describe('examples', () => {
  it('scripted-agent: a scripted planner drives two local tools to an answer', async () => {
    const output = await example('examples/scripted-agent.ts');
    expect(output).toMatch(/answer: .+/);
    expect(output).toContain('run ended: answered');
  });

  it('play-ttt/play: a whole game against the play_ttt server, user moves picked at random', async () => {
    const output = await example('examples/play-ttt/play.ts', ['--auto', '--seed', '3']);
    expect(output).toContain('Starting a game of tic-tac-toe.');
    expect(output).toMatch(/outcome: (model-won|user-won|draw) after \d moves/);
    // Every move the user made was offered by the server's elicitation.
    expect(output.match(/\(you play \d\)/g)?.length).toBeGreaterThan(0);
  });

  it("play-ttt/play --seed-shape: the same game against play_ttt written in seed 001's shape", async () => {
    const output = await example('examples/play-ttt/play.ts', ['--auto', '--seed', '3', '--seed-shape']);
    expect(output).toMatch(/outcome: (X won|O won|draw) after \d moves/);
    expect(output).toContain("Your turn! You're playing as");
  });
});
