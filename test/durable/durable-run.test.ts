/**
 * Durable runs on DBOS against a real Postgres (one server for the file, DBOS launched once): a run
 * is a workflow whose model turns, tool calls and waits for the human are checkpointed steps; the
 * human answers from another client (`replyToRun`) or another process (`reins reply`); every tool
 * call carries the idempotency key `<workflow id>:<step>`, in a local tool's context and in the
 * `_meta` of a real MCP server's request.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchDurableRuns, replyToRun, shutdownDurableRuns, startDurableRun } from '../../src/durable/index.ts';
import { RunNotWaitingError } from '../../src/errors/run-not-waiting-error.ts';
import type { AgentOptions } from '../../src/loop/agent-options.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { PostgresStore } from '../../src/sessions/postgres-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const execFileAsync = promisify(execFile);
const json = (value: unknown) => JSON.stringify(value);
const call = (tool: string, args: Record<string, unknown>) => json({ action: 'call_tool', tool, args, reason: 'needed' });
const ask = (question: string) => json({ action: 'ask_user', question, why: 'it matters' });
const answer = (text: string) => json({ action: 'answer_user', answer: text });

let server: PostgresServer;
let url: string;
let store: PostgresStore;
let mcp: McpServers | undefined;
const folder = mkdtempSync(join(tmpdir(), 'reins-durable-run-'));
/** The agent of each run, by its question (the factory every process of a deployment has). */
const agents = new Map<string, () => AgentOptions>();

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('reins_durable');
  store = new PostgresStore({ url });
  await launchDurableRuns({
    systemDatabaseUrl: url,
    store,
    agent: ({ meta }) => {
      const build = agents.get(meta.question);
      if (!build) throw new Error(`no agent for ${meta.question}`);
      return build();
    },
  });
}, 60_000);

afterAll(async () => {
  await shutdownDurableRuns();
  await mcp?.close();
  await store?.close();
  await server?.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** The reins steps of a workflow, in order (DBOS's own bookkeeping steps left out). */
async function reinsSteps(runId: string) {
  const steps = (await DBOS.listWorkflowSteps(runId)) ?? [];
  return steps.filter((step) => step.name.startsWith('reins.') || step.name === 'DBOS.recv');
}

async function reins(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [join(ROOT, 'bin', 'reins.js'), ...args], { cwd: ROOT, env: { ...process.env, REINS_STORE: url } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('a durable run', () => {
  it('runs a tool call and an ask_user answered from another client; each turn, call and wait is a step', async () => {
    const keys: (string | undefined)[] = [];
    const note = defineTool({
      name: 'note',
      description: 'Notes a fact',
      input: z.object({ fact: z.string() }),
      execute: ({ fact }, context) => {
        keys.push(context.idempotencyKey);
        return `noted ${fact}`;
      },
    });
    const model = new ScriptedModel([call('note', { fact: 'trip' }), ask('Which city?'), answer('A trip to Paris')]);
    agents.set('plan a trip', () => ({ model, tools: [note], protocol: 'json' }));

    const run = await startDurableRun('plan a trip', { meta: { model: 'scripted:trip' } });
    const waiting = await replyToRun(url, run.runId, 'Paris', { waitSeconds: 30 });
    expect(waiting).toMatchObject({ kind: 'question', question: { question: 'Which city?' } });
    expect(await run.result()).toMatchObject({ runId: run.runId, status: 'answered', answer: 'A trip to Paris' });
    expect(JSON.stringify(model.calls[2]?.messages)).toContain('Paris');

    const steps = await reinsSteps(run.runId);
    expect(steps.map((step) => step.name)).toEqual(['reins.model-turn', 'reins.tool-start', 'reins.tool:note', 'reins.model-turn', 'DBOS.recv', 'reins.model-turn']);
    const toolStep = steps.find((step) => step.name === 'reins.tool:note')!;
    expect(keys).toEqual([`${run.runId}:${toolStep.functionID}`]);

    const stored = await store.loadRun(run.runId);
    expect(stored.summary.status).toBe('answered');
    const types = stored.records.map((record) => record.type);
    for (const type of ['run-start', 'tool-call-start', 'tool-call-end', 'user-question', 'user-reply', 'answer', 'run-end']) expect(types).toContain(type);
    expect(types.filter((type) => type === 'run-start')).toHaveLength(1);
    expect(stored.records.find((record) => record.type === 'user-reply')).toMatchObject({ reply: 'Paris' });
    await expect(replyToRun(url, run.runId, 'again')).rejects.toSatisfy(RunNotWaitingError.isInstance);
  });

  it('is approved from another process by `reins reply <id> yes`', async () => {
    const removed: string[] = [];
    const remove = defineTool({
      name: 'remove_note',
      description: 'Removes a note',
      input: z.object({ id: z.string() }),
      annotations: { destructiveHint: true },
      execute: ({ id }) => {
        removed.push(id);
        return `removed ${id}`;
      },
    });
    agents.set('clean up', () => ({ model: new ScriptedModel([call('remove_note', { id: 'n1' }), answer('Cleaned up')]), tools: [remove], protocol: 'json' }));
    const run = await startDurableRun('clean up');
    // The run asks for approval: wait until it does, then answer it from a separate process.
    await expect.poll(async () => (await store.loadRun(run.runId)).summary.status, { timeout: 30_000 }).toBe('waiting-user');
    const replied = await reins('reply', run.runId.slice(0, 8), 'yes');
    expect(replied).toMatchObject({ code: 0 });
    expect(replied.stdout).toContain('approval of remove_note');
    expect(await run.result()).toMatchObject({ status: 'answered', answer: 'Cleaned up' });
    expect(removed).toEqual(['n1']);
  });

  it('refuses the call when the reply to its approval is no', async () => {
    const removed: string[] = [];
    const remove = defineTool({
      name: 'drop_table',
      description: 'Drops a table',
      input: z.object({ name: z.string() }),
      annotations: { destructiveHint: true },
      execute: ({ name }) => {
        removed.push(name);
        return `dropped ${name}`;
      },
    });
    const model = new ScriptedModel([call('drop_table', { name: 'users' }), answer('Not dropped')]);
    agents.set('drop users', () => ({ model, tools: [remove], protocol: 'json' }));
    const run = await startDurableRun('drop users');
    expect(await replyToRun(url, run.runId, false, { waitSeconds: 30 })).toMatchObject({ kind: 'approval', tool: 'drop_table', args: { name: 'users' } });
    expect(await run.result()).toMatchObject({ status: 'answered', answer: 'Not dropped' });
    expect(removed).toEqual([]);
    const stored = await store.loadRun(run.runId);
    expect(stored.records.find((record) => record.type === 'tool-call-end')).toMatchObject({ outcome: 'error', error: { name: 'Reins_ApprovalDeniedError' } });
  });

  it('gives a real MCP server the idempotency key in the request _meta', async () => {
    const ledger = join(folder, 'ledger.jsonl');
    mcp = await connectServers({
      mcpServers: { ledger: { command: process.execPath, args: [join(ROOT, 'test', 'fixtures', 'mcp', 'ledger-server.ts')], env: { LEDGER_FILE: ledger } } },
    });
    const toolbox = mcp.toolbox;
    agents.set('log it', () => ({ model: new ScriptedModel([call('append_entry', { entry: 'paid' }), answer('Logged')]), tools: toolbox, protocol: 'json' }));
    const run = await startDurableRun('log it');
    expect(await run.result()).toMatchObject({ status: 'answered' });
    const toolStep = (await reinsSteps(run.runId)).find((step) => step.name === 'reins.tool:append_entry')!;
    const lines = readFileSync(ledger, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([{ entry: 'paid', key: `${run.runId}:${toolStep.functionID}` }]);
  });

  it('ends `failed` with the error when the agent factory cannot build the run', async () => {
    const run = await startDurableRun('nobody knows this question');
    const outcome = await run.result();
    expect(outcome).toMatchObject({ status: 'failed', error: { name: 'Reins_InternalError' } });
    expect(outcome.error?.message).toContain('no agent for nobody knows this question');
    const stored = await store.loadRun(run.runId);
    expect(stored.summary.status).toBe('failed');
    expect(stored.records).toMatchObject([{ type: 'run-end', status: 'failed', error: { name: 'Reins_InternalError' } }]);
  });
});
