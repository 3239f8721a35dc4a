/**
 * The loopback redirect of an interactive OAuth flow (RFC 8252 §7.3): an HTTP listener on
 * 127.0.0.1 whose `/callback` hands each authorization response's query to the flow waiting for it.
 * It prefers a given port (the one registered with the authorization server before) and takes a
 * free one when that is busy. A session may run several flows (step-up, a new authorization server).
 */
import { createServer } from 'node:http';
import { once } from 'node:events';

export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUrl: string;
  /** The query (`code`, `state`, `iss`, or `error`) of the next callback whose `state` is `state`. */
  next(state: string | undefined, signal: AbortSignal): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackRedirect(options: { port?: number } = {}): Promise<LoopbackRedirect> {
  const waiters = new Set<{ state: string | undefined; deliver: (params: URLSearchParams) => void }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const waiter = [...waiters].find((candidate) => candidate.state === (url.searchParams.get('state') ?? undefined));
    if (url.pathname !== '/callback' || !waiter) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('reins: no authorization is waiting for this page.');
      return;
    }
    waiters.delete(waiter);
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('reins: authorization received, you can close this page.');
    waiter.deliver(url.searchParams);
  });
  const listen = async (port: number) => {
    server.listen(port, '127.0.0.1');
    await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error as Error))]);
  };
  try {
    await listen(options.port ?? 0);
  } catch (error) {
    if (!options.port) throw error;
    await listen(0);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    next: (state, signal) =>
      new Promise((resolve, reject) => {
        const waiter = { state, deliver: resolve };
        waiters.add(waiter);
        signal.addEventListener(
          'abort',
          () => {
            waiters.delete(waiter);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
