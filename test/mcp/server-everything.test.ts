/**
 * reins against the real @modelcontextprotocol/server-everything over stdio: one server for the
 * whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElicitationRequest, UserChannel } from '../../src/spec/user-channel.ts';
import { connectServers, McpToolCallError, ToolTimeoutError, type McpServers, type McpServerEvent } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import type { ToolProgress } from '../../src/tools/toolbox.ts';
import { everything } from './peers.ts';

const model = new ScriptedModel(['a sampled reply'], { modelId: 'sampler-1' });
const samplingRequests = model.calls;

const elicitations: ElicitationRequest[] = [];
let elicitReplies: Array<Awaited<ReturnType<NonNullable<UserChannel['elicit']>>>> = [];
const user: UserChannel = {
  ask: async () => 'unused',
  elicit: async (request) => {
    elicitations.push(request);
    return elicitReplies.shift() ?? { action: 'cancel' };
  },
};

let servers: McpServers;
const events: McpServerEvent[] = [];
let approveSampling = true;

beforeAll(async () => {
  servers = await connectServers(
    { mcpServers: { everything: everything() } },
    { model, user, onServerEvent: (event) => events.push(event), approveSampling: () => approveSampling },
  );
});
afterAll(async () => {
  await servers?.close();
});

const text = (result: { content: Array<{ type: string; text?: string }> }) =>
  result.content.map((block) => block.text ?? '').join('\n');

describe('server-everything over stdio', () => {
  it('connects, lists every tool with annotations, and returns the server instructions', () => {
    expect(servers.connected).toEqual(['everything']);
    expect(servers.failures).toEqual([]);
    const tools = servers.toolbox.list();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-structured-content', 'trigger-long-running-operation']));
    // Registered only because reins declared sampling and elicitation.
    expect(names).toEqual(expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request']));
    const echo = tools.find((tool) => tool.name === 'echo')!;
    expect(echo.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(echo.origin).toEqual({ server: 'everything', name: 'echo' });
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    expect(servers.toolbox.instructions()).toHaveLength(1);
    expect(servers.toolbox.instructions()[0]).toMatch(/^Instructions from MCP server "everything":\n/);
    expect(events.some((event) => event.type === 'server-connect' && event.server === 'everything')).toBe(true);
  });

  it('calls get-sum and echo', async () => {
    expect(text(await servers.toolbox.call('get-sum', { a: 2, b: 40 }))).toBe('The sum of 2 and 40 is 42.');
    expect(await servers.toolbox.call('echo', { message: 'hi' })).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
  });

  it('keeps structuredContent beside the text content', async () => {
    const result = await servers.toolbox.call('get-structured-content', { location: 'Chicago' });
    expect(result.structuredContent).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it('passes images and resource links through as content', async () => {
    const image = await servers.toolbox.call('get-tiny-image', {});
    expect(image.content.find((block) => block.type === 'image')).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const links = await servers.toolbox.call('get-resource-links', { count: 2 });
    const resourceLinks = links.content.filter((block) => block.type === 'resource_link');
    expect(resourceLinks).toHaveLength(2);
    expect(resourceLinks[0]).toMatchObject({ uri: expect.stringMatching(/^demo:\/\//) });
  });

  it('reports progress of a long-running operation', async () => {
    const progress: ToolProgress[] = [];
    const result = await servers.toolbox.call(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (update) => progress.push(update) },
    );
    expect(text(result)).toContain('Long running operation completed');
    // The last notification may race the result (the SDK drops progress after the response).
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length).map((step) => ({ progress: step, total: 3 })));
  });

  it('cancels a call when its signal aborts, and the server keeps serving', async () => {
    const controller = new AbortController();
    const progress: ToolProgress[] = [];
    const call = servers.toolbox.call(
      'trigger-long-running-operation',
      { duration: 10, steps: 20 },
      { signal: controller.signal, onProgress: (update) => (progress.push(update), controller.abort(new Error('stop'))) },
    );
    const error = await call.catch((caught: unknown) => caught);
    expect(McpToolCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ failure: 'cancelled', fault: 'cancelled', serverName: 'everything' });
    expect(progress).toHaveLength(1);
    expect(text(await servers.toolbox.call('echo', { message: 'still here' }))).toBe('Echo: still here');
  });

  it('gives up on a slow call with ToolTimeoutError', async () => {
    const error = await servers.toolbox
      .call('trigger-long-running-operation', { duration: 5, steps: 1 }, { timeoutMs: 150 })
      .catch((caught: unknown) => caught);
    expect(ToolTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ toolName: 'trigger-long-running-operation', timeoutMs: 150, fault: 'tool' });
  });

  it('serves sampling/createMessage with the configured model', async () => {
    const result = await servers.toolbox.call('trigger-sampling-request', { prompt: 'write a haiku', maxTokens: 50 });
    expect(samplingRequests).toHaveLength(1);
    expect(samplingRequests[0]).toMatchObject({
      system: 'You are a helpful test server.',
      maxTokens: 50,
      temperature: 0.7,
      messages: [{ role: 'user', content: expect.stringContaining('write a haiku') }],
    });
    const reply = JSON.parse(text(result).replace(/^LLM sampling result: \n/, ''));
    expect(reply).toMatchObject({ model: 'sampler-1', role: 'assistant', stopReason: 'endTurn', content: { type: 'text', text: 'a sampled reply' } });
  });

  it('refuses sampling when approveSampling says no', async () => {
    approveSampling = false;
    try {
      const result = await servers.toolbox.call('trigger-sampling-request', { prompt: 'nope' }).catch((caught: unknown) => caught);
      expect(samplingRequests).toHaveLength(1); // only the approved request of the test before
      model.assertComplete();
      // The server does not catch the refusal: it comes back as a failed call.
      expect(McpToolCallError.isInstance(result) ? result.message : text(result as never)).toMatch(/rejected/i);
    } finally {
      approveSampling = true;
    }
  });

  it('routes elicitation to the UserChannel, fills defaults and validates the answer', async () => {
    elicitations.length = 0;
    elicitReplies = [
      { action: 'accept', content: { name: 'Ann', email: 'not-an-email' } },
      { action: 'accept', content: { name: 'Ann', email: 'ann@example.com', integer: 7 } },
    ];
    const result = await servers.toolbox.call('trigger-elicitation-request', {});
    expect(elicitations).toHaveLength(2);
    expect(elicitations[0]).toMatchObject({ serverName: 'everything', requestedSchema: { type: 'object', required: ['name'] } });
    expect(elicitations[1]!.message).toMatch(/not valid: .*email/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'elicitation-invalid', server: 'everything', attempt: 1 }));
    const raw = JSON.parse(text(result).split('Raw result: ')[1]!);
    expect(raw).toMatchObject({
      action: 'accept',
      content: { name: 'Ann', email: 'ann@example.com', integer: 7, number: 3.14, untitledSingleSelectEnum: 'Monica' },
    });
  });

  it('passes decline through and cancels after too many invalid answers', async () => {
    elicitReplies = [{ action: 'decline' }];
    expect(text(await servers.toolbox.call('trigger-elicitation-request', {}))).toContain('declined');
    elicitReplies = [1, 2, 3].map(() => ({ action: 'accept' as const, content: { integer: 1000 } }));
    expect(text(await servers.toolbox.call('trigger-elicitation-request', {}))).toContain('cancelled');
    expect(elicitReplies).toHaveLength(0);
  });
});
