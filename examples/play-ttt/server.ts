/**
 * The play_ttt MCP server. stdio by default; Streamable HTTP with `--http <port>` (endpoint /mcp,
 * one session per client, localhost only).
 *
 *   node examples/play-ttt/server.ts              # stdio
 *   node examples/play-ttt/server.ts --http 3333  # http://127.0.0.1:3333/mcp (0: any free port, printed on stderr)
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { localhostHostValidation, NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createPlayTttServer } from './play-ttt-tool.ts';

async function serveStdio(): Promise<void> {
  const server = createPlayTttServer();
  await server.connect(new StdioServerTransport());
}

function serveHttp(port: number): void {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const validateHost = localhostHostValidation();
  const http = createServer(async (req, res) => {
    if (!validateHost(req, res)) return;
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) {
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      await createPlayTttServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  http.listen(port, '127.0.0.1', () => {
    const address = http.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    console.error(`play_ttt on http://127.0.0.1:${bound}/mcp`);
  });
}

const { values } = parseArgs({ options: { http: { type: 'string' } } });
if (values.http) serveHttp(Number(values.http));
else await serveStdio();
