/**
 * `--best-effort` / `--no-best-effort` on `reins run`: the last turn without tools after a limit, on
 * for xml by default (seed 002), off for the other protocols unless the flag turns it on.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, jsonLines, reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

const model = `replay:${join(FIXTURES, 'best-effort.json')}`;

async function run(...flags: string[]) {
  const done = await reins(['run', 'plan a weekend trip', '--model', model, '--max-steps', '1', '--no-input', '--json', '--store', work.store, ...flags], {
    cwd: work.dir,
  });
  const events = jsonLines(done.stdout);
  return { code: done.code, answers: events.filter((event) => event.type === 'answer'), end: events.at(-1) };
}

describe('reins run --best-effort', () => {
  it('xml: on by default; the run fails with the limit and still prints the best-effort answer', async () => {
    const { code, answers, end } = await run('--protocol', 'xml');
    expect(code).toBe(1);
    expect(answers).toEqual([expect.objectContaining({ bestEffort: true, answer: expect.stringContaining('I could not finish') })]);
    expect(end).toMatchObject({ type: 'run-end', status: 'failed' });
  });

  it('xml: --no-best-effort turns it off', async () => {
    const { code, answers } = await run('--protocol', 'xml', '--no-best-effort');
    expect(code).toBe(1);
    expect(answers).toEqual([]);
  });

  it('json: --best-effort turns it on (off by default: test/loop/best-effort.test.ts)', async () => {
    const on = await run('--protocol', 'json', '--best-effort');
    expect(on.code).toBe(1);
    expect(on.answers).toEqual([expect.objectContaining({ bestEffort: true })]);
  });
});
