/**
 * A real OTLP/HTTP (JSON) trace receiver on a loopback port chosen by the OS: what a collector,
 * Langfuse or Phoenix would get. Keeps every request (path, content type, headers) and its spans.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number; message?: string };
  events?: { name: string; attributes?: OtlpSpan['attributes'] }[];
}

export interface OtlpRequest {
  path: string;
  type: string;
  headers: IncomingHttpHeaders;
  /** The resource attributes (`service.name`, ...) of each resource in the request. */
  resources: OtlpSpan['attributes'][];
  spans: OtlpSpan[];
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>` (the exporter adds `/v1/traces` to a base endpoint). */
  origin: string;
  requests: OtlpRequest[];
  spans(): OtlpSpan[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: OtlpRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as { resourceSpans: { resource?: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
      requests.push({
        path: request.url ?? '',
        type: request.headers['content-type'] ?? '',
        headers: request.headers,
        resources: payload.resourceSpans.map((resource) => resource.resource?.attributes ?? []),
        spans: payload.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    spans: () => requests.flatMap((request) => request.spans),
    close: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}

/** The value of one attribute of a span (OTLP JSON wraps it as `{ stringValue }`, `{ intValue }`, ...). */
export function otlpAttribute(attributes: OtlpSpan['attributes'] | undefined, key: string): unknown {
  const value = attributes?.find((entry) => entry.key === key)?.value;
  return value && Object.values(value)[0];
}
