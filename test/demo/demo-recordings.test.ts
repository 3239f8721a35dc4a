/**
 * The demo end to end: each bundled recording replayed through the real loop (createAgent) against
 * the real demo MCP server over stdio (connectServers), for every protocol. Each run is also kept in
 * a session store, and the store is checked against the loop: rebuilding the transcript from the
 * records before each model call gives exactly the messages the loop sent.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/index.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { connectServers } from '../../src/mcp/index.ts';
import { ReplayModel } from '../../src/models/replay-model.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { rebuildTranscript } from '../../src/sessions/run-records/rebuild-transcript.ts';
import { recordFromEvent } from '../../src/sessions/run-records/record-from-event.ts';
import { DEMO_DATE, DEMO_SERVERS } from './demo-server-client.ts';

const RECORDINGS = join(import.meta.dirname, '..', '..', 'examples', 'demo-recordings');
const PROTOCOLS: ProtocolName[] = ['json', 'envelope', 'xml', 'line', 'native'];

async function replay(server: 'meal-planner' | 'terminal-assistant', file: string, protocol: ProtocolName) {
  const model = await ReplayModel.fromFile(join(RECORDINGS, file), { protocol });
  const servers = await connectServers({
    mcpServers: {
      [server]: { command: process.execPath, args: [join(DEMO_SERVERS, `${server}.ts`)], env: { REINS_DEMO_DATE: DEMO_DATE } },
    },
  });
  const store = new MemoryStore();
  try {
    expect(servers.failures).toEqual([]);
    const agent = createAgent({ model, tools: servers.toolbox, protocol });
    const { question } = JSON.parse(await readFile(join(RECORDINGS, file), 'utf8')) as { question: string };
    const runId = await store.createRun({ question, model: model.modelId, protocol });
    const run = agent.run(question);
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      const record = recordFromEvent(event);
      if (record) await store.appendStep(runId, record);
    }
    const result = await run.result;
    return { model, result, events, records: (await store.loadRun(runId)).records };
  } finally {
    await servers.close();
    await store.close();
  }
}

function expectStoreMatchesLoop(records: Awaited<ReturnType<typeof replay>>['records']): void {
  const requests = records.flatMap((record, index) => (record.type === 'model-request' ? [{ record, index }] : []));
  expect(requests.length).toBeGreaterThan(1);
  for (const { record, index } of requests.slice(1)) {
    if (record.type !== 'model-request') continue;
    expect(rebuildTranscript(records.slice(0, index)).messages, `before seq ${record.seq}`).toEqual(record.messages);
  }
}

describe.each(PROTOCOLS)('meal-planner recording, %s protocol', (protocol) => {
  it('replays seed 004 against the real server and answers with the menu', async () => {
    const { model, result, events, records } = await replay('meal-planner', `meal-planner-${protocol}.json`, protocol);
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('answered');
    expect(result.answer).toMatch(/DINNER MENU[\s\S]*Main: Aloo Matar/);
    expect(model.remaining).toBe(0);
    const calls = events.flatMap((event) => (event.type === 'tool-call' ? [event.tool] : []));
    expect(calls).toEqual(['check_calendar', 'get_meal_history', 'get_dishes_by_meal_type', 'filter_dishes']);
    const results = events.flatMap((event) => (event.type === 'tool-result' ? [event.observation] : []));
    expect(results[0]).toContain('Friday');
    expect(results[3]).toMatch(/Aloo Matar[\s\S]*Vegetable Pulao/);
    const invalid = events.filter((event) => event.type === 'output-invalid');
    expect(invalid).toHaveLength(protocol === 'json' || protocol === 'xml' ? 1 : 0);
    expectStoreMatchesLoop(records);
    expect(rebuildTranscript(records).ended).toBe('answered');
  });
});

describe.each(PROTOCOLS)('terminal-assistant recording, %s protocol', (protocol) => {
  it('lists the sandbox with the read-only command and answers', async () => {
    const { result, events, records } = await replay('terminal-assistant', 'terminal-assistant.json', protocol);
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('answered');
    expect(result.answer).toMatch(/README\.md[\s\S]*todo\.txt/);
    const observation = events.find((event) => event.type === 'tool-result');
    expect(observation?.type === 'tool-result' && observation.observation).toMatch(/todo\.txt/);
    expectStoreMatchesLoop(records);
  });
});
