/**
 * The loopback redirect of an interactive OAuth flow (RFC 8252): a one-shot HTTP listener on
 * 127.0.0.1 at a free port, whose `/callback` hands the authorization response's query to the flow.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';

export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUrl: string;
  /** The callback's query (`code`, `state`, `iss`, or `error`). */
  callback: Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  let deliver: (params: URLSearchParams) => void = () => undefined;
  const callback = new Promise<URLSearchParams>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('reins: authorization received, you can close this page.');
    deliver(url.searchParams);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    callback,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
