/**
 * `reins … --json | head -2`: the reader closes the pipe after two lines. reins ends quietly (exit 0,
 * no EPIPE stack) instead of crashing on the failed write.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { BIN, NODE, tempWorkspace } from './cli-process.ts';

describe('a reader that closes the pipe', () => {
  it('ends reins quietly, with exit 0 and no EPIPE stack on stderr', async () => {
    const work = await tempWorkspace();
    const child = spawn(NODE, [BIN, 'demo', '--json', '--no-input', '--store', work.store], { cwd: work.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const lines = createInterface({ input: child.stdout });
    const read: string[] = [];
    for await (const line of lines) {
      read.push(line);
      if (read.length === 2) break;
    }
    child.stdout.destroy();
    const [code] = await exited;
    expect(JSON.parse(read[0]!)).toMatchObject({ type: 'run-start' });
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
    await work.remove();
  });
});
