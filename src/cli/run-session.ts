/**
 * One CLI session, new or resumed: the model, the MCP servers, the human (prompts), the store
 * (masked), the trace or JSON Lines, Ctrl-C; then the agent runs to its end. Everything started here
 * is closed in `finally`. Returns the exit code.
 */
import { McpConfigError } from '../errors/mcp-config-error.ts';
import { createAgent } from '../agent.ts';
import { connectServers, type McpServers } from '../mcp/connect-servers.ts';
import { describeToolNotice } from '../tools/tool-notice.ts';
import type { McpConfig } from '../mcp/mcp-config.ts';
import type { McpServerEvent } from '../mcp/server-events.ts';
import type { Model } from '../spec/model.ts';
import { ReplayModel } from '../models/replay-model.ts';
import type { ProtocolName } from '../protocols/codec.ts';
import type { Store } from '../sessions/store.ts';
import { followRun } from './follow-run.ts';
import { ExitCode, isNoModel } from './exit-codes.ts';
import { JsonLinesRenderer } from './render/json-lines.ts';
import { openInBrowser } from './render/open-url.ts';
import { createPrompter } from './render/prompts.ts';
import { colorEnabled, TraceRenderer } from './render/trace.ts';
import { maskedStore } from '../sessions/masked-store.ts';
import { modelErrorText, needsModelHelp, noModelHelp, openModel, protocolFor } from './setup/pick-model.ts';
import { SecretMask } from './setup/secret-mask.ts';
import { agentSettings, type SessionSettings } from './setup/session-settings.ts';
import { startTraceExport, type TraceExport } from './setup/trace-export.ts';

export interface SessionRequest {
  target: { kind: 'new'; question: string } | { kind: 'resume'; runId: string };
  modelString: string;
  protocol: ProtocolName | 'auto';
  /** Replay only: recorded turns already played (resume). */
  replayFrom?: number;
  config: McpConfig;
  /** Kept with a new run (`RunMeta.config`) so `reins resume` can start the same session. */
  meta: Record<string, unknown>;
  /** Approval mode, step limit, best-effort turn, prompt cache (`session-settings.ts`). */
  settings: SessionSettings;
  /** Limits given on the command line (`reins resume`); unset: the library's defaults. */
  limits?: { maxRetries?: number; maxTokens?: number; maxDurationMs?: number };
  json: boolean;
  input: boolean;
  /** Lines shown before the run (stderr). */
  banner?: string[];
}

export async function runSession(request: SessionRequest, baseStore: Store): Promise<number> {
  const mask = SecretMask.from(process.env, request.config, { modelString: request.modelString });
  const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
  const trace = request.json
    ? undefined
    : new TraceRenderer({
        stream: process.stderr,
        mask,
        spinner: process.stderr.isTTY === true,
        color: colorEnabled(process.stderr, process.env),
        promptsShowQuestions: interactive && request.input,
      });
  const say = (text: string) => (trace ? trace.line(text) : process.stderr.write(`${mask.display(text)}\n`));
  const controller = new AbortController();
  const cancel = (reason: string) => {
    if (controller.signal.aborted) return;
    say(`cancelling: ${reason}`);
    controller.abort(new Error(reason));
  };
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(ExitCode.cancelled);
    cancel('interrupted (press Ctrl-C again to quit at once)');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const prompter = request.input
    ? createPrompter({ interactive, input: process.stdin, output: process.stderr, mask, beforePrompt: () => trace?.pause(), cancel })
    : undefined;
  let servers: McpServers | undefined;
  let traces: TraceExport | undefined;
  try {
    let model: Model;
    try {
      model = openModel(request.modelString, { protocol: request.protocol, replayFrom: request.replayFrom, signal: controller.signal });
    } catch (error) {
      if (!isNoModel(error)) throw error;
      say(modelErrorText(error) + (needsModelHelp(error) ? `\n\n${noModelHelp(request.modelString)}` : ''));
      return ExitCode.noModel;
    }
    for (const line of request.banner ?? []) say(line);
    if (model instanceof ReplayModel) say(`model: ${model.description.replace(/\.\. /g, ". ")}`);
    const starting = new Set(connectedServers(request.config));
    const showStarting = () => trace?.spin(`starting MCP server${starting.size === 1 ? '' : 's'}: ${[...starting].join(', ')}`);
    if (starting.size > 0) showStarting();
    const onServerEvent = (event: McpServerEvent) => {
      // What happens to a server after it started is said, never swallowed.
      if (event.type === 'server-error') say(`MCP server ${event.server}: ${event.error.message}`);
      else if (event.type === 'server-crash') say(`MCP server ${event.server} crashed; restarting in ${event.delayMs} ms`);
      else if (event.type === 'server-drop') say(`MCP server ${event.server} crashed ${event.crashes} times and was dropped; its tools are gone`);
      if (event.type !== 'server-connect' && event.type !== 'server-fail') return;
      starting.delete(event.server);
      if (starting.size > 0) showStarting();
    };
    try {
      servers = await connectServers(request.config, {
        model,
        signal: controller.signal,
        onServerEvent,
        ...(prompter ? { user: prompter } : {}),
        // On a terminal, a server that asks for OAuth gets it now (`--no-input`: the typed error naming `reins auth`).
        ...(interactive && request.input
          ? {
              authorize: {
                open: (url: URL, server: string) => {
                  say(`MCP server ${server} needs an authorization: opening ${url.href}`);
                  openInBrowser(url.href);
                },
              },
            }
          : {}),
      }).finally(() => trace?.pause());
    } catch (error) {
      // Cancelled while connecting: every server started so far has been ended.
      if (controller.signal.aborted) return ExitCode.cancelled;
      throw error;
    }
    for (const failure of servers.failures) say(`MCP server ${failure.server} failed: ${failure.error.message}`);
    for (const notice of servers.notices) say(`Note: ${describeToolNotice(notice)}`);
    if (servers.failures.length > 0) {
      say('Fix the server entry, or set "disabled": true on it, and run again.');
      return servers.failures.some((failure) => McpConfigError.isInstance(failure.error)) ? ExitCode.usage : ExitCode.failed;
    }
    const protocol = protocolFor(model, request.protocol);
    traces = await startTraceExport(process.env, say);
    const agent = createAgent({
      model,
      tools: servers.toolbox,
      protocol,
      ...agentSettings(request.settings, request.config),
      store: maskedStore(baseStore, mask),
      ...(prompter ? { user: prompter } : {}),
      ...request.limits,
      // Spans leave the process too: the same mask as the store, the trace and stdout.
      telemetry: { secrets: mask, agentName: 'reins', ...(traces ? { tracer: traces.tracer } : {}) },
    });
    const signal = controller.signal;
    const run =
      request.target.kind === 'resume'
        ? agent.resume(request.target.runId, { signal })
        : agent.run(request.target.question, { signal, meta: { model: request.modelString, config: request.meta } });
    const json = request.json ? new JsonLinesRenderer(process.stdout, mask) : undefined;
    const header = { protocol, toolCount: servers.toolbox.list().length, servers: connectedServers(request.config) };
    return await followRun(run, { trace, json, mask, say, modelString: request.modelString, ...header, stdout: process.stdout });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    prompter?.close();
    trace?.pause();
    await servers?.close();
    const undelivered = await traces?.close();
    if (undelivered) say(`Note: traces not delivered (${undelivered}).`);
  }
}

/** The servers of the config that are not disabled. */
function connectedServers(config: McpConfig): string[] {
  return Object.entries(config.mcpServers ?? {})
    .filter(([, entry]) => (entry as { disabled?: unknown }).disabled !== true)
    .map(([name]) => name);
}
