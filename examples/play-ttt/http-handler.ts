/**
 * play_ttt over Streamable HTTP for both protocol eras, as a web-standard `fetch` handler: 2026-07-28
 * requests (a `_meta` envelope claim) go to the SDK's per-request entry (`createMcpHandler`, one fresh
 * server per request; the game's progress rides `requestState`), 2025-era traffic to a sessionful
 * transport (the server pushes sampling and elicitation on the call's response stream).
 */
import { randomUUID } from 'node:crypto';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { SamplingContextOptions } from '../../src/server/index.ts';
import { createPlayTttServer } from './play-ttt-tool.ts';

export interface PlayTttHttpHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export function playTttHttpHandler(options: SamplingContextOptions = {}): PlayTttHttpHandler {
  const modern = createMcpHandler(() => createPlayTttServer(options), { legacy: 'reject' });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const legacy = async (request: Request): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id');
    let transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport) {
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      await createPlayTttServer(options).connect(created);
      transport = created;
    }
    return transport.handleRequest(request);
  };
  return {
    fetch: async (request) => ((await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request)),
    close: async () => {
      await modern.close();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
    },
  };
}
