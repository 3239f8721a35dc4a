import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReinsError } from '../../src/errors/reins-error.ts';
import { SamplingRequestError, samplingContext } from '../../src/server/index.ts';
import { connectScriptedClient, neverAnswer, refuseRequest } from '../../src/testing/index.ts';
import { inTool, textOnly, withTools } from './sampling-client.ts';

const Move = z.object({ cell: z.number().int().min(0).max(8) });
const Pick = z.object({ cell: z.enum(['2', '5']) });

function requestError(error: unknown): SamplingRequestError {
  expect(SamplingRequestError.isInstance(error)).toBe(true);
  expect(ReinsError.isInstance(error)).toBe(true);
  return error as SamplingRequestError;
}

describe('SamplingRequestError: the client does not answer a sampling request', () => {
  it.each([
    ['mcp-tools', withTools],
    ['mcp-text', textOnly],
  ] as const)('a refusal (JSON-RPC -1) on %s is `rejected`, fault transport, not retryable', async (_backend, capabilities) => {
    const run = await inTool({ capabilities, sampling: [refuseRequest()] }, async (server, ctx) =>
      samplingContext(server, ctx).sampleSchema({ prompt: 'Your move', schema: Move }),
    );
    const error = requestError(run.error);
    expect(error).toMatchObject({ name: 'Reins_SamplingRequestError', method: 'sampling', reason: 'rejected', code: -1, fault: 'transport' });
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('the client rejected it');
    expect((error.cause as Error).message).toBe('User rejected sampling request');
    // A refusal is not retried as if the model had answered badly.
    expect(run.samplingRequests).toHaveLength(1);
  });

  it('no answer within timeoutMs is `timeout`, retryable', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [neverAnswer()] }, async (server, ctx) =>
      samplingContext(server, ctx, { timeoutMs: 50 }).sample({ prompt: 'hello?' }),
    );
    const error = requestError(run.error);
    expect(error).toMatchObject({ method: 'sampling', reason: 'timeout', fault: 'transport', isRetryable: true });
    expect(error.code).toBeUndefined();
  });

  it('an aborted signal is `cancelled`, fault cancelled (the SDK itself reports a timeout)', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [neverAnswer()] }, async (server, ctx) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      return samplingContext(server, ctx).sample({ prompt: 'hello?', signal: controller.signal });
    });
    expect(requestError(run.error)).toMatchObject({ reason: 'cancelled', fault: 'cancelled', isRetryable: false });
  });

  it('any other client error is `protocol` with its JSON-RPC code', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [] }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ prompt: 'hello?' }),
    );
    const error = requestError(run.error);
    expect(error).toMatchObject({ reason: 'protocol', code: -32603 });
    expect(error.message).toContain('no sampling step left for request 1');
  });

  it("a forced 'mcp-tools' backend on a client without sampling.tools is `unsupported`", async () => {
    const run = await inTool({ capabilities: textOnly, sampling: [] }, async (server, ctx) =>
      samplingContext(server, ctx, { backend: 'mcp-tools' }).sampleTools({
        prompt: 'Strategy?',
        tools: [{ name: 'play', inputSchema: z.object({}) }],
      }),
    );
    expect(requestError(run.error)).toMatchObject({ reason: 'unsupported', fault: 'transport' });
    expect(run.samplingRequests).toHaveLength(0);
  });

  it('a connection closed while the request waits is `connection-closed`', async () => {
    const server = new McpServer({ name: 'closing', version: '1.0.0' });
    let settle: (error: unknown) => void = () => {};
    const outcome = new Promise<unknown>((resolve) => (settle = resolve));
    server.registerTool('probe', { description: 'samples once' }, async (ctx) => {
      await samplingContext(server, ctx)
        .sample({ prompt: 'hello?' })
        .then(() => settle(undefined), settle);
      return { content: [] };
    });
    const scripted = await connectScriptedClient(server, {
      sampling: [
        (_params, signal) => {
          setTimeout(() => void scripted.close(), 0);
          return neverAnswer()(_params, signal);
        },
      ],
    });
    try {
      await scripted.client.callTool({ name: 'probe', arguments: {} }).catch(() => undefined);
      expect(requestError(await outcome)).toMatchObject({ reason: 'connection-closed', fault: 'transport' });
    } finally {
      await scripted.close();
      await server.close();
    }
  });
});

describe('SamplingRequestError: the client does not answer an elicitation', () => {
  it('a refusal is `rejected` with method elicitation', async () => {
    const run = await inTool({ capabilities: withTools, elicitation: [refuseRequest('User rejected elicitation')] }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Your move', Pick),
    );
    expect(requestError(run.error)).toMatchObject({ method: 'elicitation', reason: 'rejected', code: -1 });
    expect(run.elicitationRequests).toHaveLength(1);
  });

  it('no answer within timeoutMs is `timeout`', async () => {
    const run = await inTool({ capabilities: withTools, elicitation: [neverAnswer()] }, async (server, ctx) =>
      samplingContext(server, ctx, { timeoutMs: 50 }).elicit('Your move', Pick),
    );
    expect(requestError(run.error)).toMatchObject({ method: 'elicitation', reason: 'timeout', isRetryable: true });
  });

  it('the elicit signal option cancels it', async () => {
    const run = await inTool({ capabilities: withTools, elicitation: [neverAnswer()] }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Your move', Pick, { signal: AbortSignal.timeout(20) }),
    );
    expect(requestError(run.error)).toMatchObject({ method: 'elicitation', reason: 'cancelled', fault: 'cancelled' });
  });

  it('a client without elicitation is `unsupported`', async () => {
    const run = await inTool({ capabilities: { sampling: {} } }, async (server, ctx) => samplingContext(server, ctx).elicit('Your move', Pick));
    expect(requestError(run.error)).toMatchObject({ method: 'elicitation', reason: 'unsupported' });
  });
});
