/**
 * `reins run` on seed 003 (envelope v0.3) as a real process: outputs reach stdout as they come, the
 * stacked answer is not printed twice, the question shows its context and required_info, and the
 * trace shows each action's confidence and warnings and the answer's confidence; `reins show`
 * shows the stored outputs.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

describe('reins run on seed 003 (envelope)', () => {
  it('prints outputs as they come, shows the question fields, confidences and warnings; show lists the outputs', async () => {
    const model = `replay:${join(FIXTURES, 'seed-003-envelope.json')}`;
    const done = await reins(['run', 'what is the weather?', '--protocol', 'envelope', '--model', model, '--store', work.store], { cwd: work.dir, input: 'Lyon\n' });
    expect(done.code).toBe(0);
    expect(done.stdout).toBe('I can get the weather for you!\nSunny in the city you named.\nTake sunglasses.\n');
    expect(done.stderr).toContain('Which city are you interested in? (User asked for weather forecast.) [needed: location (city name)]');
    expect(done.stderr).toContain('question (confidence 0.7)');
    expect(done.stderr).toContain('! The user may mean their current location.');
    expect(done.stderr).toContain('answer confidence 0.8');
    const runId = /run ([0-9a-f-]{36})/.exec(done.stderr)?.[1] as string;
    const shown = await reins(['show', runId, '--store', work.store], { cwd: work.dir });
    expect(shown.stdout).toContain('output to the user (confidence 0.9): Sunny in the city you named.');
    expect(shown.stdout).toContain('needed: location (city name)');
  });
});
