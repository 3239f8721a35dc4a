/**
 * One Streamable HTTP endpoint for both MCP protocol eras, as a web-standard `fetch` handler: a
 * 2026-07-28 request (its `_meta` envelope) goes to the SDK's per-request entry (`createMcpHandler`,
 * a fresh server per request; a tool's progress rides `requestState`), 2025-era traffic to a
 * sessionful transport per session (the server pushes sampling and elicitation on the call's stream).
 * The SDK does the routing test (`isLegacyRequest`); this only keeps the sessions.
 */
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type McpServer } from '@modelcontextprotocol/server';

export interface BothErasHttpHandler {
  fetch(request: Request): Promise<Response>;
  /** Closes the per-request entry and every 2025-era session. */
  close(): Promise<void>;
}

/**
 * @example
 * const handler = bothErasHttpHandler(() => createMyServer());
 * createServer(toNodeHandler(handler)).listen(3000); // toNodeHandler from @modelcontextprotocol/node
 */
export function bothErasHttpHandler(factory: () => McpServer): BothErasHttpHandler {
  const modern = createMcpHandler(factory, { legacy: 'reject' });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const legacy = async (request: Request): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id');
    let transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport) {
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      await factory().connect(created);
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
