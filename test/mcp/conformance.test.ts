/**
 * The official `@modelcontextprotocol/conformance` CLI in client mode, launching reins
 * (test/mcp/conformance-client.ts) against each scenario's test server.
 * Passing and expected-failing scenarios are recorded in docs/conformance.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const client = `${process.execPath} ${join(import.meta.dirname, 'conformance-client.ts')}`;
let output: string;

beforeAll(async () => {
  output = await mkdtemp(join(tmpdir(), 'reins-conformance-'));
});
afterAll(async () => {
  await rm(output, { recursive: true, force: true });
});

async function conformance(scenario: string, extra: string[] = []): Promise<{ code: number; text: string }> {
  const args = [cli, 'client', '--command', client, '--scenario', scenario, '--timeout', '20000', '-o', output, ...extra];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: root, timeout: 60_000 });
    return { code: 0, text: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, text: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('MCP conformance, client scenarios', () => {
  for (const scenario of ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry']) {
    it(`passes ${scenario}`, async () => {
      const { code, text } = await conformance(scenario);
      expect(text).toContain('OVERALL: PASSED');
      expect(text).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      expect(code).toBe(0);
    });
  }

  it('fails the OAuth scenarios as the baseline expects (reins has no OAuth flow)', async () => {
    const { code, text } = await conformance('auth/metadata-default', [
      '--expected-failures',
      join(root, 'test/fixtures/mcp/conformance-baseline.yml'),
    ]);
    expect(text).not.toContain('OVERALL: PASSED');
    expect(code).toBe(0);
  });
});
