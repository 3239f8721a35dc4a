/**
 * `rebuildTranscript` shapes a stored run's history by the same rule the loop shapes a live one
 * (the codec's history strategy): a process that stopped right before any model call rebuilds
 * exactly the messages the loop then sent, in every protocol, including after a rejected turn
 * (native: the rejected call under a provider-safe name, answered by its tool message alone).
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { userReplyContent } from '../../src/protocols/user-reply-content.ts';
import { rebuildTranscript } from '../../src/sessions/run-records/rebuild-transcript.ts';
import { recordFromEvent } from '../../src/sessions/run-records/record-from-event.ts';
import type { RunRecord } from '../../src/sessions/run-records/run-record.ts';
import type { ScriptStep } from '../../src/testing/scripted-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, allProtocols, answer, ask, call, collect, turn } from '../loop/helpers.ts';

function script(protocol: (typeof allProtocols)[number]): ScriptStep[] {
  const invalid: ScriptStep =
    protocol === 'native'
      ? { toolCalls: [{ id: 'bad', name: 'add numbers!', arguments: { a: 1 } }] }
      : protocol === 'xml'
        ? '<tool_code>\n</tool_code>'
        : 'I will call {"tool": ';
  return [
    invalid,
    turn(protocol, [call('add', { a: 2, b: 2 })], [addTool.spec]),
    turn(protocol, [ask('Which unit?')], [addTool.spec]),
    turn(protocol, [answer('4 apples')], [addTool.spec]),
  ];
}

describe('rebuildTranscript matches the loop', () => {
  it.each(allProtocols)('%s: before each model call, the stored run rebuilds the messages the loop sent', async (protocol) => {
    const model = new ScriptedModel(script(protocol));
    const agent = createAgent({ model, tools: [addTool], protocol, user: () => 'apples' });
    const { events, result } = await collect(agent.run('2+2?'));
    expect(result.status).toBe('answered');
    const records: RunRecord[] = [];
    const requests: { records: RunRecord[]; messages: unknown }[] = [];
    for (const event of events) {
      if (event.type === 'model-request' && records.length > 0) requests.push({ records: [...records], messages: event.messages });
      const record = recordFromEvent(event);
      if (record) records.push({ ...record, runId: event.runId, seq: records.length + 1, at: new Date(0).toISOString() });
    }
    expect(requests.length).toBe(4);
    for (const request of requests) {
      expect(rebuildTranscript(request.records, { renderUserReply: userReplyContent }).messages).toEqual(request.messages);
    }
  });
});
