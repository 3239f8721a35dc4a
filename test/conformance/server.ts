/**
 * The conformance server over Streamable HTTP on 127.0.0.1 (port 0: the system picks one), for both
 * protocol eras as play_ttt serves them (`bothErasHttpHandler` of reins/server). Only a localhost
 * `Host` is served (DNS rebinding protection).
 */
import { createServer, type Server } from 'node:http';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { bothErasHttpHandler } from '../../src/server/index.ts';
import { createConformanceServer } from './server-features.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startConformanceServer(): Promise<RunningServer> {
  const handler = bothErasHttpHandler(createConformanceServer);
  const handle = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const http: Server = createServer(async (req, res) => {
    if (!validateHost(req, res)) return;
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    await handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}/mcp`,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
