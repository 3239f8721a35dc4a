/**
 * Append-only requests, per protocol, over a whole run: an invalid reply and its correction, a call
 * that needs approval, a question the run stops at (cancelled), and the resume that asks it again
 * and answers. Every request starts with exactly the previous request's bytes (system prompt, tools,
 * messages), so a provider's prompt cache (or a local model's context) keeps the whole prefix.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import type { ModelRequest } from '../../src/spec/model.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import type { ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { appendOnlyBreaks, sentRequest, type SentRequest } from '../helpers/append-only.ts';
import { addTool, allProtocols, answer, ask, call, turn } from './helpers.ts';

/** Turns by the number of replies the model already gave: first an invalid one, then the plan. */
const plan = [call('add', { a: 2, b: 3 }), ask('Which unit?'), call('add', { a: 5, b: 1 }), answer('5 and 6 apples')];
const invalid: Record<ProtocolName, string | { toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[] }> = {
  json: '{"action": "call_tool", "tool": "subtract", "args": {}, "reason": "x"}',
  envelope: '{"status": "REQUIRES_ACTION", "thoughts": [], "actions": [{"action": "subtract", "type": "tool", "params": {}}], "final_response": ""}',
  xml: '<tool_code><name>subtract</name><parameters>{}</parameters></tool_code>',
  line: 'FUNCTION_CALL: subtract|1',
  native: { toolCalls: [{ id: 'bad', name: 'subtract', arguments: {} }] },
};

function recordingPlanner(protocol: ProtocolName, sent: SentRequest[]) {
  return new MockModel(
    (request: ModelRequest) => {
      sent.push(sentRequest(request));
      const made = request.messages.filter((message) => message.role === 'assistant').length;
      if (made === 0) return invalid[protocol];
      const step = turn(protocol, [plan[made - 1] ?? answer('done')]) as string | ScriptedTurn;
      if (typeof step === 'string') return step;
      return { text: step.text ?? '', toolCalls: (step.toolCalls ?? []).map((toolCall, index) => ({ id: `c${made}_${index}`, ...toolCall })) };
    },
    { supportsTools: protocol === 'native' },
  );
}

describe.each(allProtocols)('append-only requests: %s', (protocol) => {
  it('every request starts with the previous one, through a correction, approvals, a question and a resume', async () => {
    const sent: SentRequest[] = [];
    const store = new MemoryStore();
    const options = { tools: [addTool], protocol, store, approval: () => 'ask' as const };
    const controller = new AbortController();
    const first = createAgent({
      ...options,
      model: recordingPlanner(protocol, sent),
      user: {
        approve: async () => true,
        ask: (_question, signal) => new Promise<string>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true })),
      },
    }).run('How many apples?', { signal: controller.signal });
    const seen: string[] = [];
    for await (const event of first) {
      seen.push(event.type);
      if (event.type === 'user-question') controller.abort();
    }
    expect((await first.result).status).toBe('cancelled');
    expect(seen).toContain('output-invalid');
    expect(seen).toContain('approval-request');
    const beforeResume = sent.length;

    const resumed = createAgent({ ...options, model: recordingPlanner(protocol, sent), user: { approve: async () => true, ask: async () => 'metric' } }).resume(first.runId);
    expect((await resumed.result).status).toBe('answered');
    expect(sent.length).toBeGreaterThan(beforeResume);
    expect(sent.length).toBe(5);
    expect(appendOnlyBreaks(sent)).toEqual([]);
  });

  it('the checker finds a request that rewrote an earlier message', () => {
    const request = (messages: string[]): SentRequest => ({ system: 's', tools: '[]', messages });
    expect(appendOnlyBreaks([request(['a']), request(['a', 'b']), request(['a', 'c', 'd'])])).toEqual(['request 3: message 2 differs from the request before']);
    expect(appendOnlyBreaks([request(['a']), { ...request(['a', 'b']), system: 't' }])).toEqual(['request 2: the system prompt changed']);
  });
});
