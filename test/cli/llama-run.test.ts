/**
 * The acceptance run of the embedded model: `reins run` with `--model llama:<tiny.gguf>` and a
 * stdio MCP server, as a real process. Random weights answer nonsense, but every decision is valid
 * by construction: the run ends with a typed result and no `output-invalid` event.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';
import { FIXTURES, jsonLines, reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => (work = await tempWorkspace()));
afterAll(() => work.remove());

describe('reins run --model llama:<file.gguf>', () => {
  it.each(['json', 'xml'])('ends with a typed result and no invalid output (%s)', async (protocol) => {
    const model = writeTinyGguf(join(work.dir, 'tiny.gguf'));
    const server = `${process.execPath} ${join(FIXTURES, 'kv-server.ts')}`;
    const args = ['run', 'What is 2+3?', '--model', `llama:${model}`, '--server', server, '--protocol', protocol, '--json', '--no-input', '--max-steps', '4', '--store', work.store];
    const done = await reins(args, { cwd: work.dir, env: { KV_FILE: join(work.dir, 'kv.json'), REINS_LLAMA_SEED: '3', REINS_LLAMA_TEMPERATURE: '1', REINS_LLAMA_THREADS: '1' } });
    const events = jsonLines(done.stdout);
    expect(events.filter((event) => event.type === 'output-invalid')).toEqual([]);
    expect(events.filter((event) => event.type === 'decision').length).toBeGreaterThan(0);
    const end = events.at(-1) as { type: string; status: string; error?: { name?: string } };
    expect(end.type).toBe('run-end');
    if (end.status === 'answered') expect(done.code).toBe(0);
    else {
      expect(end.status).toBe('failed');
      expect(done.code).toBe(1);
      expect(end.error?.name).toMatch(/^Reins_/);
    }
  }, 120_000);
});
