import { describe, expect, it } from 'vitest';
import { ToolTimeoutError } from '../../src/errors/tool-timeout-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { answer, call, collect, ofType } from './helpers.ts';

const hanging = (timeoutMs?: number) =>
  defineTool({
    name: 'hang',
    description: 'Never finishes and ignores its signal.',
    input: { type: 'object', properties: {} },
    timeoutMs,
    execute: () => new Promise<string>(() => {}),
  });

describe('tool timeout', () => {
  it('abandons a call past toolTimeoutMs and feeds ToolTimeoutError back', async () => {
    const model = new ScriptedModel([JSON.stringify(call('hang', {})), JSON.stringify(answer('it hung'))]);
    const { events, result } = await collect(createAgent({ model, tools: [hanging()], protocol: 'json', toolTimeoutMs: 30 }).run('q'));
    const error = ofType(events, 'tool-error')[0]?.error;
    expect(ToolTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ toolName: 'hang', timeoutMs: 30 });
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('timed out after 30 ms');
    expect(result.status).toBe('answered');
  });

  it("a tool's own timeoutMs wins over the agent's", async () => {
    const model = new ScriptedModel([JSON.stringify(call('hang', {})), JSON.stringify(answer('x'))]);
    const { events } = await collect(createAgent({ model, tools: [hanging(20)], protocol: 'json', toolTimeoutMs: 60_000 }).run('q'));
    expect(ofType(events, 'tool-error')[0]?.error).toMatchObject({ timeoutMs: 20 });
  });
});
