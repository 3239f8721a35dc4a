/**
 * The acceptance run of `reins eval` on the embedded model: `--model llama:<tiny.gguf> --limit 20`
 * as a real process, offline. Random weights answer nonsense, but under the grammar every reply is a
 * valid decision: the grammar variant needs no correction, the free one is corrected; the table and
 * a recommendation are printed and the exit code is 0. One protocol (with and without the grammar)
 * keeps the file's time reasonable on two cores.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';
import { reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => (work = await tempWorkspace()));
afterAll(() => work.remove());

describe('reins eval --model llama:<file.gguf>', () => {
  it('runs 20 tasks with and without the grammar, prints the table and a recommendation, exit 0', async () => {
    const model = writeTinyGguf(join(work.dir, 'tiny.gguf'));
    const args = ['eval', '--model', `llama:${model}`, '--limit', '20', '--protocols', 'json', '--max-output-tokens', '256', '--concurrency', '1', '--store', work.store];
    const done = await reins(args, { cwd: work.dir, env: { REINS_LLAMA_SEED: '3', REINS_LLAMA_TEMPERATURE: '1', REINS_LLAMA_THREADS: '1' } });
    expect(done.stderr).toContain('kept in');
    expect(done.code).toBe(0);
    const total = (variant: string) => done.stdout.split('\n').find((line) => line.startsWith(`${variant} `) && /\sall\s/.test(line))!.split(/\s+/);
    // tasks, accuracy, valid first replies, corrections
    expect(total('json+grammar')[2]).toBe('20');
    expect(total('json+grammar').slice(4, 6)).toEqual(['100.0%', '0']);
    expect(total('json')[2]).toBe('20');
    expect(Number(total('json')[5])).toBeGreaterThan(0);
    expect(done.stdout).toMatch(/^recommended: json(\+grammar)? \(accuracy \d+\.\d%, [\d,]+ tokens a task\)$/m);
  }, 900_000);
});
