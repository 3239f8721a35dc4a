/**
 * The CLI on a real terminal: `script` (util-linux/bsdutils, on every Debian machine) gives the
 * child a pseudo-terminal. On a TTY the trace has a spinner, colours and thoughts by type; NO_COLOR
 * removes every colour; off a TTY there is no spinner and no escape code at all.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, NODE, reins, tempWorkspace } from './cli-process.ts';

const run = promisify(execFile);
const colour = /\u001b\[\d+(;\d+)*m/;
const spinnerFrame = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

async function onTerminal(env: Record<string, string | undefined>): Promise<string> {
  const command = `'${NODE}' '${BIN}' demo --protocol envelope --store '${work.store}'`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const { stdout } = await run('script', ['-qec', command, '/dev/null'], { cwd: work.dir, env: childEnv });
  return stdout;
}

describe('reins on a terminal', () => {
  it('shows a spinner while the model thinks, colours, and thoughts by type', async () => {
    const screen = await onTerminal({ NO_COLOR: undefined, FORCE_COLOR: undefined });
    expect(screen).toMatch(spinnerFrame);
    expect(screen).toContain('thinking');
    expect(screen).toMatch(colour);
    expect(screen).toMatch(/PLAN(\s|\u001b\[\d+m)+1\. Check the date/);
    expect(screen).toContain('Main: Aloo Matar');
  });

  it('respects NO_COLOR: the same trace without a single colour code', async () => {
    const screen = await onTerminal({ NO_COLOR: '1', FORCE_COLOR: undefined });
    expect(screen).toContain('thinking');
    expect(screen).not.toMatch(colour);
    expect(screen).toContain('Main: Aloo Matar');
  });

  it('off a terminal: no spinner and no escape codes, the trace on stderr, the answer on stdout', async () => {
    const done = await reins(['demo', '--protocol', 'envelope', '--store', work.store], { cwd: work.dir, env: { FORCE_COLOR: '' } });
    expect(done.code).toBe(0);
    expect(done.stderr).not.toContain('\u001b');
    expect(done.stderr).not.toMatch(spinnerFrame);
    expect(done.stderr).toContain('check_calendar');
    expect(done.stdout).toContain('Main: Aloo Matar');
  });
});
