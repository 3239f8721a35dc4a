/**
 * The play_ttt MCP server, for MCP 2026-07-28 clients and 2025-era ones alike. stdio by default (the
 * SDK's era-aware entry: the client's opening message picks the era); Streamable HTTP with
 * `--http <port>` (endpoint /mcp, localhost only; see http-handler.ts).
 *
 *   node examples/play-ttt/server.ts              # stdio
 *   node examples/play-ttt/server.ts --http 3333  # http://127.0.0.1:3333/mcp (0: any free port, printed on stderr)
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { playTttHttpHandler } from './http-handler.ts';
import { createPlayTttServer } from './play-ttt-tool.ts';

function serveHttp(port: number): void {
  const validateHost = localhostHostValidation();
  const handle = toNodeHandler(playTttHttpHandler());
  const http = createServer(async (req, res) => {
    if (!validateHost(req, res)) return;
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    await handle(req, res);
  });
  http.listen(port, '127.0.0.1', () => {
    const address = http.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    console.error(`play_ttt on http://127.0.0.1:${bound}/mcp`);
  });
}

const { values } = parseArgs({ options: { http: { type: 'string' } } });
if (values.http) serveHttp(Number(values.http));
else serveStdio(() => createPlayTttServer());
