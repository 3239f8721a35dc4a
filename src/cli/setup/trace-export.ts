/**
 * Spans from the CLI with nothing to write: when the standard OpenTelemetry variables ask for it
 * (`OTEL_TRACES_EXPORTER=otlp`, or an `OTEL_EXPORTER_OTLP_ENDPOINT` /
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), the run's spans go over OTLP/HTTP (JSON). The exporter reads
 * its own variables (endpoint, `OTEL_EXPORTER_OTLP_HEADERS`, timeout, compression); the service is
 * `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`), else `reins`. `OTEL_SDK_DISABLED=true` and
 * `OTEL_TRACES_EXPORTER=none` turn it off.
 *
 * The SDK is an optional peer, loaded only then: most runs are not traced, and the SDK's current
 * major needs a newer Node than reins does (see `traceExportInstall`). Missing, the run goes on
 * untraced with the line that installs it.
 */
import type { Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import packageJson from '../../../package.json' with { type: 'json' };

type Environment = Record<string, string | undefined>;

/** The install line for the running Node: the SDK's 3.x needs Node >= 22.15, its 2.x runs on 22.13. */
export function traceExportInstall(nodeVersion: string = process.versions.node): string {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const current = major > 22 || (major === 22 && minor >= 15);
  return current
    ? 'npm install @opentelemetry/sdk-trace@3 @opentelemetry/resources@3 @opentelemetry/exporter-trace-otlp-http@0.301'
    : 'npm install @opentelemetry/sdk-trace@2 @opentelemetry/resources@2 @opentelemetry/exporter-trace-otlp-http@0.223';
}

/** What the variables ask for: `otlp` export, nothing, and the exporters named that reins does not have. */
export function traceExportWanted(env: Environment): { otlp: boolean; unsupported: string[] } {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { otlp: false, unsupported: [] };
  const named = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (named.length === 0) return { otlp: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unsupported: [] };
  return { otlp: named.includes('otlp'), unsupported: named.filter((name) => name !== 'otlp' && name !== 'none') };
}

export interface TraceExport {
  tracer: Tracer;
  /** Sends the spans still queued and stops; resolves with why spans were not delivered, if any were not. */
  close(): Promise<string | undefined>;
}

/**
 * Starts the exporter the environment asks for; `undefined` when it asks for none (or the SDK is
 * missing). `say` gets the notes a person should read (an unsupported exporter, the install line).
 */
export async function startTraceExport(env: Environment, say: (text: string) => void): Promise<TraceExport | undefined> {
  const wanted = traceExportWanted(env);
  if (wanted.unsupported.length > 0) say(`Note: OTEL_TRACES_EXPORTER=${wanted.unsupported.join(',')} is not supported; reins exports traces over OTLP/HTTP (otlp) only.`);
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim();
  if (wanted.otlp && protocol === 'grpc') say('Note: OTLP over gRPC is not supported; reins sends OTLP over HTTP (JSON) to the same endpoint.');
  if (!wanted.otlp) return undefined;
  let sdk: [typeof import('@opentelemetry/sdk-trace'), typeof import('@opentelemetry/resources'), typeof import('@opentelemetry/exporter-trace-otlp-http')];
  try {
    sdk = await Promise.all([import('@opentelemetry/sdk-trace'), import('@opentelemetry/resources'), import('@opentelemetry/exporter-trace-otlp-http')]);
  } catch {
    say(`Note: the OTEL_* variables ask for traces, but the OpenTelemetry SDK is not installed; this run is not traced. Install it beside reins: ${traceExportInstall()}`);
    return undefined;
  }
  const [{ BatchSpanProcessor, TracerProvider }, { defaultResource, detectResources, envDetector, resourceFromAttributes }, { OTLPTraceExporter }] = sdk;
  const failures: string[] = [];
  const otlp = new OTLPTraceExporter();
  // The processor only logs a failed export (and only with a diagnostic logger): count them to say so.
  const exporter: SpanExporter = {
    export: (spans, done) =>
      otlp.export(spans, (result) => {
        if (result.code !== 0) failures.push(result.error?.message ?? 'export failed');
        done(result);
      }),
    shutdown: () => otlp.shutdown(),
    forceFlush: () => otlp.forceFlush(),
  };
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'reins' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({ resource, spanProcessors: [new BatchSpanProcessor({ exporter })] });
  return {
    tracer: provider.getTracer('reins', packageJson.version),
    close: async () => {
      await provider.shutdown();
      return failures.length > 0 ? `${failures.length} export${failures.length === 1 ? '' : 's'} of spans failed: ${failures.at(-1)}` : undefined;
    },
  };
}
