/**
 * `--max-output-tokens` is a setting of the session, kept with the run like `--max-steps`: the
 * provider gets it on every request, `reins resume` and the queue's workers start the run again with
 * it, and a flag given to resume overrides it. Real Anthropic provider package over HTTP to the
 * fixture server.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentSettings, resumedSettings, settingsFromFlags } from '../../src/cli/setup/session-settings.ts';
import { readSavedSession } from '../../src/cli/setup/saved-session.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { fixture, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts';
import { jsonLines, reins, tempWorkspace } from './cli-process.ts';

let server: FixtureServer;
let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeAll(async () => (server = await startFixtureServer()));
afterAll(() => server.close());
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

describe('--max-output-tokens', () => {
  it('reaches the provider as max_tokens and is stored with the run for resume and the workers', async () => {
    server.enqueue(fixture('anthropic', 'stream-answer.chunks'));
    const before = server.requests.length;
    const done = await reins(
      ['run', 'weather in Paris?', '--model', 'anthropic:claude-sonnet-4-5', '--protocol', 'json', '--max-output-tokens', '77', '--store', work.store, '--json'],
      { cwd: work.dir, env: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: `${server.url}/v1` } },
    );
    expect(done.code).toBe(0);
    expect((server.requests[before]!.body as { max_tokens: number }).max_tokens).toBe(77);

    const runId = String(jsonLines(done.stdout)[0]?.runId);
    const store = new SqliteStore({ path: work.store });
    try {
      const saved = readSavedSession(runId, (await store.loadRun(runId)).meta);
      expect(saved.maxOutputTokens).toBe(77);
      expect(agentSettings(saved, { mcpServers: {} }).maxOutputTokens).toBe(77);
    } finally {
      await store.close();
    }
  });

  it('on resume: the stored value holds unless the flag gives another', () => {
    const saved = settingsFromFlags({ maxOutputTokens: 77 });
    expect(resumedSettings({}, saved).maxOutputTokens).toBe(77);
    expect(resumedSettings({ maxOutputTokens: 300 }, saved).maxOutputTokens).toBe(300);
    expect(resumedSettings({}, {}).maxOutputTokens).toBeUndefined();
    expect(agentSettings(resumedSettings({}, {}), { mcpServers: {} })).not.toHaveProperty('maxOutputTokens');
  });
});
