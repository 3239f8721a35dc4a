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
import { ExitCode } from './exit-codes.ts';
import { listenForInterrupts } from './listen-for-interrupts.ts';
import { JsonLinesRenderer } from './render/json-lines.ts';
import { openInBrowser } from './render/open-url.ts';
import { createPrompter, type Prompter } from './render/prompts.ts';
import { colorEnabled, TraceRenderer } from './render/trace.ts';
import { maskedStore } from '../sessions/masked-store.ts';
import { openModelOrExplain, protocolFor } from './setup/pick-model.ts';
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

/** What the steps of a session share: the mask, the trace, where lines go, the cancel switch. */
interface SessionIo {
  mask: SecretMask;
  interactive: boolean;
  trace: TraceRenderer | undefined;
  say: (text: string) => void;
  controller: AbortController;
  cancel: (reason: string) => void;
  prompter: Prompter | undefined;
}

export async function runSession(request: SessionRequest, baseStore: Store): Promise<number> {
  const io = openSessionIo(request);
  const stopListening = listenForInterrupts(() => io.cancel('interrupted (press Ctrl-C again to quit at once)'));
  let servers: McpServers | undefined;
  let traces: TraceExport | undefined;
  try {
    const model = openSessionModel(request, io);
    if (!model) return ExitCode.noModel;
    const connected = await connectSessionServers(request, io, model);
    if (typeof connected === 'number') return connected;
    servers = connected;
    const failed = reportServerProblems(servers, io.say);
    if (failed !== undefined) return failed;
    traces = await startTraceExport(process.env, io.say);
    return await runAgent(request, io, { model, servers, traces, store: maskedStore(baseStore, io.mask) });
  } finally {
    stopListening();
    io.prompter?.close();
    io.trace?.pause();
    await servers?.close();
    const undelivered = await traces?.close();
    if (undelivered) io.say(`Note: traces not delivered (${undelivered}).`);
  }
}

/** The mask of the session's secrets, the trace on stderr (none with `--json`), the prompts (none with `--no-input`). */
function openSessionIo(request: SessionRequest): SessionIo {
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
  const prompter = request.input
    ? createPrompter({ interactive, input: process.stdin, output: process.stderr, mask, beforePrompt: () => trace?.pause(), cancel })
    : undefined;
  return { mask, interactive, trace, say, controller, cancel, prompter };
}

/** The model of the model string, then the banner; undefined (after saying why and how to get one) when there is none. */
function openSessionModel(request: SessionRequest, io: SessionIo): Model | undefined {
  const model = openModelOrExplain(request.modelString, { protocol: request.protocol, replayFrom: request.replayFrom, signal: io.controller.signal }, io.say);
  if (!model) return undefined;
  for (const line of request.banner ?? []) io.say(line);
  if (model instanceof ReplayModel) io.say(`model: ${model.description.replace(/\.\. /g, ". ")}`);
  return model;
}

/** Starts the config's MCP servers, showing which are still starting; the cancelled exit code when Ctrl-C came first. */
async function connectSessionServers(request: SessionRequest, io: SessionIo, model: Model): Promise<McpServers | number> {
  const starting = new Set(connectedServers(request.config));
  const showStarting = () => io.trace?.spin(`starting MCP server${starting.size === 1 ? '' : 's'}: ${[...starting].join(', ')}`);
  if (starting.size > 0) showStarting();
  const onServerEvent = (event: McpServerEvent) => {
    sayServerEvent(event, io.say);
    if (event.type !== 'server-connect' && event.type !== 'server-fail') return;
    starting.delete(event.server);
    if (starting.size > 0) showStarting();
  };
  try {
    return await connectServers(request.config, {
      model,
      signal: io.controller.signal,
      onServerEvent,
      ...(io.prompter ? { user: io.prompter } : {}),
      // On a terminal, a server that asks for OAuth gets it now (`--no-input`: the typed error naming `reins auth`).
      ...(io.interactive && request.input ? { authorize: { open: (url: URL, server: string) => openAuthorization(url, server, io.say) } } : {}),
    }).finally(() => io.trace?.pause());
  } catch (error) {
    // Cancelled while connecting: every server started so far has been ended.
    if (io.controller.signal.aborted) return ExitCode.cancelled;
    throw error;
  }
}

function openAuthorization(url: URL, server: string, say: (text: string) => void): void {
  say(`MCP server ${server} needs an authorization: opening ${url.href}`);
  openInBrowser(url.href);
}

/** What happens to a server after it started is said, never swallowed. */
function sayServerEvent(event: McpServerEvent, say: (text: string) => void): void {
  if (event.type === 'server-error') say(`MCP server ${event.server}: ${event.error.message}`);
  else if (event.type === 'server-crash') say(`MCP server ${event.server} crashed; restarting in ${event.delayMs} ms`);
  else if (event.type === 'server-drop') say(`MCP server ${event.server} crashed ${event.crashes} times and was dropped; its tools are gone`);
}

/** Says the servers' failures and notices; the exit code when a server failed to start. */
function reportServerProblems(servers: McpServers, say: (text: string) => void): number | undefined {
  for (const failure of servers.failures) say(`MCP server ${failure.server} failed: ${failure.error.message}`);
  for (const notice of servers.notices) say(`Note: ${describeToolNotice(notice)}`);
  if (servers.failures.length === 0) return undefined;
  say('Fix the server entry, or set "disabled": true on it, and run again.');
  return servers.failures.some((failure) => McpConfigError.isInstance(failure.error)) ? ExitCode.usage : ExitCode.failed;
}

/** Creates the agent, starts (or resumes) the run and follows it to its exit code. */
async function runAgent(
  request: SessionRequest,
  io: SessionIo,
  parts: { model: Model; servers: McpServers; traces: TraceExport | undefined; store: Store },
): Promise<number> {
  const protocol = protocolFor(parts.model, request.protocol);
  const agent = createAgent({
    model: parts.model,
    tools: parts.servers.toolbox,
    protocol,
    ...agentSettings(request.settings, request.config),
    store: parts.store,
    ...(io.prompter ? { user: io.prompter } : {}),
    ...request.limits,
    // Spans leave the process too: the same mask as the store, the trace and stdout.
    telemetry: { secrets: io.mask, agentName: 'reins', ...(parts.traces ? { tracer: parts.traces.tracer } : {}) },
  });
  const signal = io.controller.signal;
  const run =
    request.target.kind === 'resume'
      ? agent.resume(request.target.runId, { signal })
      : agent.run(request.target.question, { signal, meta: { model: request.modelString, config: request.meta } });
  const json = request.json ? new JsonLinesRenderer(process.stdout, io.mask) : undefined;
  const header = { protocol, toolCount: parts.servers.toolbox.list().length, servers: connectedServers(request.config) };
  return followRun(run, { trace: io.trace, json, mask: io.mask, say: io.say, modelString: request.modelString, ...header, stdout: process.stdout });
}

/** The servers of the config that are not disabled. */
function connectedServers(config: McpConfig): string[] {
  return Object.entries(config.mcpServers ?? {})
    .filter(([, entry]) => (entry as { disabled?: unknown }).disabled !== true)
    .map(([name]) => name);
}
