/**
 * A small HTTP server on 127.0.0.1 (random port) that replays recorded provider responses.
 * Responses come from test/fixtures/providers/<provider>/<case>.json (JSON bodies) and
 * <case>.chunks.txt (SSE events or NDJSON lines, written one chunk at a time with an optional delay).
 * Every request is recorded (path, headers, body, time) with whether the client closed the
 * connection before the server finished, and how many chunks went out.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureResponse {
  /** @default 200 */
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A streamed body, one write per chunk. */
  chunks?: string[];
  /** @default 'text/event-stream' for SSE chunks, 'application/x-ndjson' otherwise */
  contentType?: string;
  /** Pause before each chunk. @default 0 */
  chunkDelayMs?: number;
  /** Destroy the socket after this many chunks: a stream cut off mid-way. */
  cutAfterChunks?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: any;
  receivedAt: number;
  /** Chunks of a streamed response written before the end or the close. */
  chunksSent: number;
  /** Chunks the scripted response had. */
  chunksTotal: number;
  /** True when the client closed the connection before the server finished sending. */
  closedEarly: boolean;
  /** Resolves when the response is finished or the connection is closed. */
  done: Promise<void>;
}

export interface FixtureServer {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  requests: RecordedRequest[];
  /** Queue responses; each request takes the next one. A request with none queued gets a 599. */
  enqueue(...responses: FixtureResponse[]): void;
  close(): Promise<void>;
}

const fixturesRoot = new URL('../fixtures/providers/', import.meta.url);

/** Loads `<provider>/<name>.json` or `<provider>/<name>.chunks.txt` as a response. */
export function fixture(provider: string, name: string, extra: FixtureResponse = {}): FixtureResponse {
  if (name.endsWith('.chunks')) {
    const text = readFileSync(new URL(`${provider}/${name}.txt`, fixturesRoot), 'utf8');
    return { chunks: splitChunks(text), ...extra };
  }
  return { body: JSON.parse(readFileSync(new URL(`${provider}/${name}.json`, fixturesRoot), 'utf8')), ...extra };
}

/** SSE files split into events (blank-line separated), NDJSON files into lines. */
export function splitChunks(text: string): string[] {
  const isSse = /^(event|data):/m.test(text.slice(0, 200));
  const separator = isSse ? '\n\n' : '\n';
  return text
    .split(separator)
    .filter((piece) => piece.trim() !== '')
    .map((piece) => piece + separator);
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const queue: FixtureResponse[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    let raw = '';
    for await (const piece of request) raw += String(piece);
    const scripted = queue.shift() ?? { status: 599, body: { error: 'no scripted response left' } };
    let markDone = () => {};
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: parseBody(raw),
      receivedAt,
      chunksSent: 0,
      chunksTotal: scripted.chunks?.length ?? 0,
      closedEarly: false,
      done: new Promise<void>((resolve) => (markDone = resolve)),
    };
    requests.push(record);
    response.on('close', () => {
      record.closedEarly = !response.writableFinished;
      markDone();
    });
    try {
      await respond(scripted, response, record);
    } catch {
      response.destroy();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => queue.push(...responses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function respond(scripted: FixtureResponse, response: ServerResponse, record: RecordedRequest): Promise<void> {
  const status = scripted.status ?? 200;
  if (!scripted.chunks) {
    response.writeHead(status, { 'content-type': 'application/json', ...scripted.headers });
    response.end(JSON.stringify(scripted.body ?? {}));
    return;
  }
  const isSse = scripted.chunks[0]?.startsWith('event:') || scripted.chunks[0]?.startsWith('data:');
  const contentType = scripted.contentType ?? (isSse ? 'text/event-stream' : 'application/x-ndjson');
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-cache', ...scripted.headers });
  response.flushHeaders();
  for (const chunk of scripted.chunks) {
    if (scripted.cutAfterChunks !== undefined && record.chunksSent >= scripted.cutAfterChunks) {
      response.destroy();
      return;
    }
    if (scripted.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, scripted.chunkDelayMs));
    if (response.destroyed || response.writableEnded) return;
    response.write(chunk);
    record.chunksSent++;
  }
  response.end();
}

function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
