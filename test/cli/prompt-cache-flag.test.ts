/**
 * `reins run` marks its requests for the provider's prompt cache by default, and `--no-prompt-cache`
 * sends no marker. Real Anthropic provider package over HTTP to the fixture server.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts';
import { reins, tempWorkspace } from './cli-process.ts';

let server: FixtureServer;
let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => (server = await startFixtureServer()));
afterAll(() => server.close());
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

async function run(...flags: string[]) {
  server.enqueue(fixture('anthropic', 'stream-answer.chunks'));
  const before = server.requests.length;
  const done = await reins(['run', 'weather in Paris?', '--model', 'anthropic:claude-sonnet-4-5', '--protocol', 'json', '--store', work.store, '--json', ...flags], {
    cwd: work.dir,
    env: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: `${server.url}/v1` },
  });
  expect(done.code).toBe(0);
  return JSON.stringify(server.requests[before]!.body);
}

describe('reins run and the prompt cache', () => {
  it('marks the system prompt and the newest message by default', async () => {
    expect((await run()).split('"cache_control"')).toHaveLength(3);
  });

  it('--no-prompt-cache sends no marker', async () => {
    expect(await run('--no-prompt-cache')).not.toContain('cache_control');
  });
});
