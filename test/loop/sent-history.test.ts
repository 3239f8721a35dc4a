/**
 * The history the loop sends: a sent message never changes (sealed, a write throws), each request's
 * messages extend the previous request's (the same message objects: what provider prompt caches and
 * incremental conversion rely on), the `model-request` event holds exactly what was sent, and the
 * system prompt is built once per codec and tool list, not once per turn.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import type { ModelMessage, ModelRequest } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const script = (protocol: 'json' | 'native') =>
  [turn(protocol, [call('add', { a: 1, b: 2 })], [addTool.spec]), turn(protocol, [call('add', { a: 3, b: 4 })], [addTool.spec]), turn(protocol, [answer('7')])] as Array<
    string | ScriptedTurn
  >;

describe('sent history', () => {
  it.each(['json', 'native'] as const)('%s: every message sent is frozen and unchanged when the run ends', async (protocol) => {
    const sent: Array<{ messages: ModelMessage[]; copy: ModelMessage[] }> = [];
    const model = new ScriptedModel(
      script(protocol).map((step) => (request: ModelRequest) => {
        sent.push({ messages: request.messages, copy: structuredClone(request.messages) });
        return step;
      }),
    );
    const result = await createAgent({ model, tools: [addTool], protocol }).run('add them').result;
    expect(result.status).toBe('answered');
    expect(sent).toHaveLength(3);
    for (const { messages, copy } of sent) {
      expect(messages).toEqual(copy);
      for (const message of messages) {
        expect(Object.isFrozen(message)).toBe(true);
        if (message.role === 'assistant') for (const toolCall of message.toolCalls ?? []) expect(Object.isFrozen(toolCall)).toBe(true);
      }
    }
    const first = sent[0]?.messages[0] as { content: string };
    expect(() => {
      first.content = 'changed';
    }).toThrow(TypeError);
  });

  it('a model-request event holds what was sent; each request extends the one before with the same messages', async () => {
    const sent: ModelMessage[][] = [];
    const model = new ScriptedModel(
      script('json').map((step) => (request: ModelRequest) => {
        sent.push(structuredClone(request.messages));
        return step;
      }),
    );
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('add them'));
    const requests = ofType(events, 'model-request');
    expect(requests).toHaveLength(3);
    for (const [index, event] of requests.entries()) {
      expect(event.messages).toEqual(sent[index]);
    }
    expect(requests.map((event) => event.messages.length)).toEqual([1, 3, 5]);
    // Append-only: a request's list starts with the previous request's messages, the same objects.
    for (let index = 1; index < requests.length; index++) {
      const before = requests[index - 1]!.messages;
      expect(requests[index]!.messages.slice(0, before.length).every((message, at) => message === before[at])).toBe(true);
    }
  });

  it('builds the system prompt once per codec and tool list across turns and runs', async () => {
    const json = getCodec('json');
    let renders = 0;
    const codec = {
      ...json,
      instructions: (...args: Parameters<typeof json.instructions>) => {
        renders++;
        return json.instructions(...args);
      },
    };
    const systems = new Set<string>();
    for (let run = 0; run < 2; run++) {
      const model = new ScriptedModel(
        script('json').map((step) => (request: ModelRequest) => {
          systems.add(request.system ?? '');
          return step;
        }),
      );
      expect((await createAgent({ model, tools: [addTool], protocol: codec }).run('add them').result).status).toBe('answered');
    }
    expect(renders).toBe(1);
    expect(systems.size).toBe(1);
    expect([...systems][0]).toContain('add');
  });
});
