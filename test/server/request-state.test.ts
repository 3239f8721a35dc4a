/**
 * The `requestState` of a 2026-07-28 round is sealed by the server (the SDK's HMAC codec, with a TTL):
 * a tampered or expired state, a state moved to another call, and a handler that changes its requests
 * between rounds are all refused.
 */
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestStateError, RoundTrips, samplingContext } from '../../src/server/index.ts';

const answer = { r0: { action: 'accept', content: { a: 'x' } } };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A modern-pinned client with manual rounds, against a tool that elicits once (`asks` varies its question per call). */
async function connect(rounds: RoundTrips, options: { seam: boolean; asks?: () => string }) {
  const errors: string[] = [];
  const factory = () => {
    const server = new McpServer({ name: 'state-server', version: '1.0.0' }, options.seam ? rounds.serverOptions : {});
    server.server.onerror = (error) => errors.push(error.message);
    server.registerTool(
      'ask',
      { inputSchema: z.object({ n: z.number() }) },
      rounds.tool(async ({ n }, ctx) => {
        const reply = await samplingContext(server, ctx).elicit(options.asks?.() ?? 'Your name?', z.object({ a: z.string() }));
        return { content: [{ type: 'text' as const, text: `${JSON.stringify(reply)} for ${n}` }] };
      }),
    );
    return server;
  };
  const client = new Client({ name: 'manual', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(factory, { transport: serverSide });
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await served.close();
  });
  const call = (params: Record<string, unknown>) =>
    client.callTool({ name: 'ask', arguments: { n: 1 }, ...params } as Parameters<Client['callTool']>[0], { allowInputRequired: true }) as Promise<Record<string, unknown>>;
  return { call, errors };
}

function tamper(state: string): string {
  const at = state.length - 5;
  return state.slice(0, at) + (state[at] === 'A' ? 'B' : 'A') + state.slice(at + 1);
}

describe('requestState of a 2026-07-28 round', () => {
  it('is accepted as minted: the retry completes the call', async () => {
    const { call } = await connect(new RoundTrips(), { seam: true });
    const first = await call({});
    expect(first).toMatchObject({ resultType: 'input_required', inputRequests: { r0: { method: 'elicitation/create' } } });
    const done = await call({ inputResponses: answer, requestState: first.requestState });
    expect(done.content).toEqual([{ type: 'text', text: '{"action":"accept","content":{"a":"x"}} for 1' }]);
  });

  it('tampered: refused at the seam with -32602, the typed RequestStateError reported', async () => {
    const rounds = new RoundTrips();
    const { call, errors } = await connect(rounds, { seam: true });
    const first = await call({});
    const refused = await call({ inputResponses: answer, requestState: tamper(first.requestState as string) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect(refused).toMatchObject({ code: -32602, data: { reason: 'invalid_request_state' } });
    expect(errors.join('\n')).toContain('not minted by this server');
    const ctx = { mcpReq: { method: 'tools/call' } } as ServerContext;
    const typed = await rounds.verify(tamper(first.requestState as string), ctx).catch((error: unknown) => error);
    expect(RequestStateError.isInstance(typed)).toBe(true);
    expect(typed).toMatchObject({ name: 'Reins_RequestStateError', reason: 'tampered' });
    // The genuine state still verifies: the refusal was the tampering.
    await expect(rounds.verify(first.requestState as string, ctx)).resolves.toMatchObject({ v: 1 });
  });

  it('expired (TTL passed): refused, reason expired', async () => {
    const rounds = new RoundTrips({ ttlSeconds: -1 });
    const { call } = await connect(rounds, { seam: true });
    const first = await call({});
    await expect(call({ inputResponses: answer, requestState: first.requestState })).rejects.toMatchObject({ code: -32602 });
    const typed = await rounds.verify(first.requestState as string, { mcpReq: { method: 'tools/call' } } as ServerContext).catch((error: unknown) => error);
    expect(typed).toMatchObject({ name: 'Reins_RequestStateError', reason: 'expired' });
  });

  it('without the seam hook the tool verifies it itself: a tampered state ends the call with an error result', async () => {
    const { call } = await connect(new RoundTrips(), { seam: false });
    const first = await call({});
    const refused = await call({ inputResponses: answer, requestState: tamper(first.requestState as string) });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('not minted by this server');
  });

  it('moved to a call with other arguments: refused (other-call)', async () => {
    const { call } = await connect(new RoundTrips(), { seam: true });
    const first = await call({});
    const moved = await call({ arguments: { n: 2 }, inputResponses: answer, requestState: first.requestState });
    expect(moved.isError).toBe(true);
    expect(JSON.stringify(moved.content)).toContain('other arguments');
  });

  it('a handler whose requests change between rounds is refused (not-deterministic)', async () => {
    let asked = 0;
    const { call } = await connect(new RoundTrips(), { seam: true, asks: () => `Question ${++asked}` });
    const first = await call({});
    const changed = await call({ inputResponses: answer, requestState: first.requestState });
    expect(changed.isError).toBe(true);
    expect(JSON.stringify(changed.content)).toContain('differs from the one recorded in an earlier round');
  });
});
