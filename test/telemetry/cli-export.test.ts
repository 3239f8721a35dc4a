/**
 * The real `reins` CLI exports its spans when the standard OTEL_* variables ask for it, to a real
 * OTLP/HTTP receiver on loopback, with nothing to write; and what it exports is masked like
 * everything else it lets out (the store, `reins show`, stdout, stderr).
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { traceExportInstall, traceExportWanted } from '../../src/cli/setup/trace-export.ts';
import { FIXTURES, reins, showJson, tempWorkspace } from '../cli/cli-process.ts';
import { otlpAttribute, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let receiver: OtlpReceiver;
beforeAll(async () => (receiver = await startOtlpReceiver()));
afterAll(async () => receiver?.close());
beforeEach(async () => {
  work = await tempWorkspace();
  receiver.requests.length = 0;
});
afterEach(async () => work.remove());

describe('reins exports spans from the OTEL_* variables', () => {
  it('delivers the demo spans to OTEL_EXPORTER_OTLP_ENDPOINT, with the headers and the service name asked for', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin, OTEL_EXPORTER_OTLP_HEADERS: 'x-team=reins-test', OTEL_SERVICE_NAME: 'reins-ci' };
    const done = await reins(['demo', '--store', work.store], { cwd: work.dir, env });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).not.toContain('Note:');
    expect(receiver.requests.length).toBeGreaterThan(0);
    for (const request of receiver.requests) {
      expect([request.path, request.type, request.headers['x-team']]).toEqual(['/v1/traces', 'application/json', 'reins-test']);
      expect(request.resources.map((attributes) => otlpAttribute(attributes, 'service.name'))).toEqual(['reins-ci']);
    }
    const spans = receiver.spans();
    const root = spans.find((span) => span.name === 'invoke_agent reins');
    expect(otlpAttribute(root?.attributes, 'reins.status')).toBe('answered');
    expect(otlpAttribute(root?.attributes, 'gen_ai.agent.name')).toBe('reins');
    const runId = /run ([0-9a-f-]{36})/.exec(done.stderr)?.[1];
    expect(otlpAttribute(root?.attributes, 'gen_ai.conversation.id')).toBe(runId);
    const names = spans.map((span) => span.name);
    expect(names.filter((name) => name.startsWith('chat '))).toHaveLength(5);
    // A replayed model has no server and no response id; what it does say is on every chat span.
    for (const chat of spans.filter((span) => span.name.startsWith('chat '))) {
      expect(otlpAttribute(chat.attributes, 'gen_ai.response.finish_reasons')).toEqual({ values: [{ stringValue: 'stop' }] });
      expect(otlpAttribute(chat.attributes, 'gen_ai.agent.name')).toBe('reins');
    }
    expect(names.filter((name) => name.startsWith('execute_tool '))).toHaveLength(4);
    expect(spans.filter((span) => span !== root).every((span) => span.parentSpanId === root?.spanId)).toBe(true);
  });

  it('exports nothing when OTEL_TRACES_EXPORTER=none or the SDK is disabled', async () => {
    for (const env of [{ OTEL_TRACES_EXPORTER: 'none' }, { OTEL_SDK_DISABLED: 'true' }] as Record<string, string>[]) {
      const done = await reins(['demo', '--store', work.store], { cwd: work.dir, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin, ...env } });
      expect(done.code).toBe(0);
    }
    expect(receiver.requests).toEqual([]);
  });

  it('runs untraced with the install line for this Node when the SDK is not installed', async () => {
    const hide = join(import.meta.dirname, '..', 'fixtures', 'telemetry', 'without-otel-sdk.mjs');
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin, NODE_OPTIONS: `--import=${hide}` };
    const done = await reins(['demo', '--store', work.store], { cwd: work.dir, env });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`the OpenTelemetry SDK is not installed; this run is not traced. Install it beside reins: ${traceExportInstall()}`);
    expect(receiver.requests).toEqual([]);
  });

  it('masks the secrets the CLI knows in exported content, as in the store and `reins show`', async () => {
    const secret = 'supersecretvalue123';
    const env = {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.origin}/v1/traces`,
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      WEATHER_API_KEY: secret,
    };
    const done = await reins(['run', `What day is it? ${secret}`, '--model', `replay:${join(FIXTURES, 'ask-user.json')}`, '--store', work.store], { cwd: work.dir, env, input: `my key is ${secret}\n` });
    expect(done.code, done.stderr).toBe(0);
    const runId = /run ([0-9a-f-]{36})/.exec(done.stderr)?.[1] as string;
    expect(JSON.stringify(await showJson(runId, work.dir, work.store))).not.toContain(secret);
    const spans = receiver.spans();
    const root = spans.find((span) => span.name === 'invoke_agent reins');
    expect(otlpAttribute(root?.attributes, 'reins.question')).toBe('What day is it? [redacted]');
    expect(JSON.stringify(root?.events)).toContain('my key is [redacted]');
    expect(JSON.stringify(spans.find((span) => span.name.startsWith('chat '))?.attributes)).toContain('[redacted]');
    expect(JSON.stringify(receiver.requests)).not.toContain(secret);
  });
});

describe('which export the variables ask for', () => {
  it('reads OTEL_TRACES_EXPORTER, the endpoints and OTEL_SDK_DISABLED', () => {
    expect(traceExportWanted({})).toEqual({ otlp: false, unsupported: [] });
    expect(traceExportWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({ otlp: true, unsupported: [] });
    expect(traceExportWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({ otlp: true, unsupported: [] });
    expect(traceExportWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({ otlp: false, unsupported: [] });
    expect(traceExportWanted({ OTEL_TRACES_EXPORTER: 'console, OTLP' })).toEqual({ otlp: true, unsupported: ['console'] });
    expect(traceExportWanted({ OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({ otlp: false, unsupported: [] });
  });

  it('names the SDK major that installs on the running Node', () => {
    expect(traceExportInstall('22.13.1')).toContain('@opentelemetry/sdk-trace@2 ');
    expect(traceExportInstall('22.15.0')).toContain('@opentelemetry/sdk-trace@3 ');
    expect(traceExportInstall('24.1.0')).toContain('@opentelemetry/exporter-trace-otlp-http@0.301');
  });
});
