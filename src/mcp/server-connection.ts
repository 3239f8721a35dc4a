/**
 * One MCP server for its whole life: connect (SDK handshake), keep its tool list (all pages,
 * refreshed on `notifications/tools/list_changed`), run calls, restart it with backoff when it
 * crashes, drop it when it keeps crashing, close it.
 */
import { Client, SdkError, SdkErrorCode, type CallToolResult, type Implementation, type Tool } from '@modelcontextprotocol/client';
import { McpResultTooLargeError } from '../errors/mcp-result-too-large-error.ts';
import { McpServerStartError } from '../errors/mcp-server-start-error.ts';
import { McpToolCallError } from '../errors/mcp-tool-call-error.ts';
import { abortableSleep } from '../models/abortable-sleep.ts';
import { IDEMPOTENCY_KEY_META, type ToolCallOptions } from '../tools/toolbox.ts';
import { toCallError } from './call-error.ts';
import { clientCapabilities, registerClientHandlers, type ClientHandlerOptions } from './client-capabilities.ts';
import { createTransport, DEFAULT_MAX_RESULT_BYTES, usesAuthorizationCode, type ServerTransport } from './create-transport.ts';
import { InteractiveAuthorization, type AuthorizeOnDemandOptions } from './interactive-authorization.ts';
import type { ResolvedServer } from './mcp-config.ts';
import { RestartPolicy, type RestartOptions } from './restart-policy.ts';
import { OAuthStore } from './oauth-store.ts';
import type { McpServerEvent } from './server-events.ts';
import { toStartError } from './start-error.ts';
import { ToolListGuard, type NormalizedTool, type RefusedTool } from './tool-list-guard.ts';
import { linearSchemaValidator } from './linear-schema-validator.ts';

export type ServerState = 'idle' | 'connected' | 'restarting' | 'dropped' | 'closed';

export interface ServerConnectionOptions extends ClientHandlerOptions {
  clientInfo: Implementation;
  /** @default 30_000 */
  connectTimeoutMs?: number;
  /** @default 60_000 */
  callTimeoutMs?: number;
  restart?: RestartOptions;
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Largest message read from a stdio server, in bytes. @default 10 MiB */
  maxResultBytes?: number;
  /** Where a stdio server's passed-through variables (proxies, certificates) come from. @default process.env */
  env?: Record<string, string | undefined>;
  /** `auto` negotiates MCP 2026-07-28 and falls back to the 2025 handshake; `legacy` only does the latter. @default 'auto' */
  protocol?: 'auto' | 'legacy';
  /** Cap on `input_required` rounds of one tool call (2026-07-28). @default 50 */
  maxInputRounds?: number;
  /** Where OAuth tokens of HTTP servers are kept. @default new OAuthStore() */
  oauthStore?: OAuthStore;
  /** Interactive sessions: run the OAuth browser flow whenever an HTTP server asks. @default stored tokens only */
  authorize?: AuthorizeOnDemandOptions;
  onEvent: (event: McpServerEvent) => void;
  /** Called whenever `tools` changes (list_changed, restart, drop). */
  onToolsChange: () => void;
}

export class McpServerConnection {
  readonly name: string;
  readonly config: ResolvedServer;
  readonly #options: ServerConnectionOptions;
  readonly #policy: RestartPolicy;
  readonly #lifetime = new AbortController();
  #state: ServerState = 'idle';
  #client?: Client;
  #transport?: ServerTransport;
  #tools: Tool[] = [];
  #guard = new ToolListGuard();
  #instructions?: string;
  #restarting?: Promise<void>;
  #restarts = 0;
  /** Set once the server turned out to close on the 2026-07-28 probe: later (re)starts skip it. */
  #legacyOnly = false;
  /** The browser side of OAuth (interactive sessions, HTTP servers on the authorization code flow). */
  readonly #authorization?: InteractiveAuthorization;

  constructor(config: ResolvedServer, options: ServerConnectionOptions) {
    this.name = config.name;
    this.config = config;
    this.#options = options;
    this.#policy = new RestartPolicy(options.restart);
    if (options.authorize && config.transport !== 'stdio' && usesAuthorizationCode(config)) {
      this.#authorization = new InteractiveAuthorization(config.name, options.authorize);
    }
  }

  /** OAuth browser flows completed in this session. */
  get authorizations(): number {
    return this.#authorization?.completed ?? 0;
  }

  get maxInputRounds(): number {
    return this.#options.maxInputRounds ?? 50;
  }

  get state(): ServerState {
    return this.#state;
  }
  /** The server's tools as it lists them (every page). Empty while restarting or once dropped. */
  /** Entries of the server's tool list the MCP schema refused (withheld by the toolbox). */
  get refusedTools(): readonly RefusedTool[] {
    return this.#state === 'connected' || this.#state === 'restarting' ? this.#guard.refused : [];
  }

  /** Tools of the server's list whose schemas named type aliases (`str`, `dict`), read as JSON Schema types (reported by the toolbox). */
  get normalizedTools(): readonly NormalizedTool[] {
    return this.#state === 'connected' || this.#state === 'restarting' ? this.#guard.normalized : [];
  }

  get tools(): readonly Tool[] {
    return this.#state === 'connected' || this.#state === 'restarting' ? this.#tools : [];
  }
  /** The `instructions` the server sent at initialization. */
  get instructions(): string | undefined {
    return this.#instructions;
  }
  /** The pid of the stdio server process, when running. */
  /** The MCP session id the server assigned (Streamable HTTP), while connected; stdio has none. */
  get sessionId(): string | undefined {
    return this.#transport?.transport.sessionId;
  }

  get pid(): number | undefined {
    return this.#transport?.pid();
  }

  /** Connects once. Throws `McpServerStartError` naming the server. */
  async start(signal?: AbortSignal): Promise<void> {
    try {
      await this.#connect(signal);
    } catch (error) {
      // A connection that never started is not closed by anyone: its loopback listener goes now.
      await this.#authorization?.close();
      throw error;
    }
    this.#state = 'connected';
    this.#options.onEvent({ type: 'server-connect', server: this.name, tools: this.#toolNames(), protocolVersion: this.#client?.getNegotiatedProtocolVersion() });
  }

  async #connect(signal?: AbortSignal): Promise<void> {
    try {
      await this.#connectOnce(this.#legacyOnly ? 'legacy' : (this.#options.protocol ?? 'auto'), signal);
    } catch (error) {
      // A stdio server that exits on the unknown server/discover probe (as some servers built on older
      // SDKs do) is a 2025-era server: a fresh process gets the plain initialize handshake.
      const probeClosed = error instanceof Error && error.cause instanceof SdkError && error.cause.code === SdkErrorCode.EraNegotiationFailed;
      if (!probeClosed || this.#legacyOnly || this.config.transport !== 'stdio' || signal?.aborted) throw error;
      this.#legacyOnly = true;
      await this.#connectOnce('legacy', signal);
    }
  }

  async #connectOnce(mode: 'auto' | 'legacy', signal?: AbortSignal, flows = 0): Promise<void> {
    const options = this.#options;
    const client = new Client(options.clientInfo, {
      capabilities: clientCapabilities(options),
      jsonSchemaValidator: linearSchemaValidator,
      // 2026-07-28 first (server/discover), the 2025 initialize handshake for servers that do not know it.
      versionNegotiation: { mode },
      // input_required rounds are served by the same handlers as the 2025 server-to-client requests.
      inputRequired: { maxRounds: this.maxInputRounds },
      listChanged: { tools: { debounceMs: 50, onChanged: (error, tools) => this.#onListChanged(client, error, tools) } },
    });
    registerClientHandlers(client, this.name, { ...options, onEvent: options.onEvent });
    // Every transport error is reported; a crash also surfaces through onclose and the failed call.
    client.onerror = (error) => {
      if (this.#state !== 'closed') options.onEvent({ type: 'server-error', server: this.name, error });
    };
    const authorization = this.#authorization;
    const transport = createTransport(this.config, {
      stderr: options.stderr,
      maxResultBytes: options.maxResultBytes,
      env: options.env,
      ...(options.oauthStore ? { oauthStore: options.oauthStore } : {}),
      ...(authorization && this.config.transport !== 'stdio'
        ? { authorization: { interactive: authorization, redirectUrl: await authorization.redirectUrlFor(options.oauthStore ?? new OAuthStore(), this.config.url.href) } }
        : {}),
    });
    const guard = new ToolListGuard();
    guard.wrap(transport.transport);
    const timeout = options.connectTimeoutMs ?? 30_000;
    // The SDK's server/discover probe does not watch the signal: an abort closes the transport under it.
    const abortProbe = () => void transport.transport.close().catch(() => undefined);
    signal?.addEventListener('abort', abortProbe, { once: true });
    try {
      await client.connect(transport.transport, { timeout, signal });
      signal?.throwIfAborted();
      const tools = client.getServerCapabilities()?.tools ? (await client.listTools(undefined, { timeout, signal })).tools : [];
      this.#client = client;
      this.#transport = transport;
      this.#guard = guard;
      this.#tools = tools;
      this.#instructions = client.getInstructions();
      client.onclose = () => this.#onClose(client);
    } catch (error) {
      // Closing ends the whole process tree; what it wrote to stderr until then is kept.
      await client.close().catch(() => undefined);
      signal?.removeEventListener('abort', abortProbe);
      // The server asked for an authorization (401, or 403 for more scope): the browser flow runs
      // between requests (no handshake timeout meanwhile), then the connection starts again.
      let failure = error;
      try {
        if (flows < 2 && (await this.#authorize(error, transport, signal))) return await this.#connectOnce(mode, signal, flows + 1);
      } catch (authorizationError) {
        // A later attempt failed (already a start error), or the authorization itself did.
        if (McpServerStartError.isInstance(authorizationError)) throw authorizationError;
        failure = authorizationError;
      }
      throw toStartError(this.config, failure, transport.stderrTail(), { timeoutMs: timeout });
    } finally {
      signal?.removeEventListener('abort', abortProbe);
    }
  }

  /** After `error`: runs the OAuth flow the SDK prepared (interactive sessions), and says whether to retry. */
  async #authorize(error: unknown, transport: ServerTransport | undefined, signal?: AbortSignal): Promise<boolean> {
    return transport !== undefined && this.#authorization !== undefined && this.#authorization.retryAfter(error, transport.transport, signal);
  }

  #onListChanged(client: Client, error: Error | null, tools: Tool[] | null): void {
    if (client !== this.#client || error || !tools) return;
    this.#tools = tools;
    this.#options.onEvent({ type: 'tools-change', server: this.name, tools: this.#toolNames() });
    this.#options.onToolsChange();
  }

  #onClose(client: Client): void {
    if (client !== this.#client || this.#state === 'closed' || this.#state === 'dropped') return;
    this.#crashed();
  }

  #crashed(error?: unknown): void {
    const verdict = this.#policy.crash();
    if (verdict.action === 'drop') {
      this.#state = 'dropped';
      this.#tools = [];
      this.#options.onEvent({ type: 'server-drop', server: this.name, crashes: verdict.crashes, error });
      this.#options.onToolsChange();
      return;
    }
    this.#state = 'restarting';
    this.#options.onEvent({ type: 'server-crash', server: this.name, crashes: verdict.crashes, delayMs: verdict.delayMs });
    this.#restarting = this.#restartAfter(verdict.delayMs);
  }

  async #restartAfter(delayMs: number): Promise<void> {
    // A referenced timer: a call waiting for the restart keeps the process alive; close() clears it.
    try {
      await abortableSleep(delayMs, this.#lifetime.signal);
    } catch {
      return;
    }
    if (this.#state !== 'restarting') return;
    try {
      await this.#connect(this.#lifetime.signal);
    } catch (error) {
      if (this.#state !== 'restarting') return;
      this.#crashed(error);
      // Another restart was scheduled (await it, so waiting calls see its outcome), or the server was dropped.
      return this.#state === 'restarting' ? this.#restarting : undefined;
    }
    if (this.#state !== 'restarting') {
      await this.#client?.close().catch(() => undefined);
      return;
    }
    this.#state = 'connected';
    this.#restarts += 1;
    this.#options.onEvent({ type: 'server-restart', server: this.name, attempt: this.#restarts, tools: this.#toolNames() });
    this.#options.onToolsChange();
  }

  /** Calls a tool by its name on this server. Rejects with `McpToolCallError`, `McpResultTooLargeError` or `ToolTimeoutError`. */
  async callTool(toolName: string, args: Record<string, unknown>, options: ToolCallOptions & { displayName?: string } = {}): Promise<CallToolResult> {
    const displayName = options.displayName ?? toolName;
    if (this.#state === 'restarting') await this.#restarting;
    const client = this.#client;
    const transport = this.#transport;
    if (this.#state !== 'connected' || !client) {
      throw new McpToolCallError(`MCP server "${this.name}" is not available (${this.#state}); ${displayName} cannot run.`, {
        toolName: displayName,
        serverName: this.name,
        failure: 'server-unavailable',
      });
    }
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs ?? this.#options.callTimeoutMs ?? 60_000;
    const onProgress = options.onProgress;
    const call = () =>
      client.callTool(
        { name: toolName, arguments: args, ...(options.idempotencyKey === undefined ? {} : { _meta: { [IDEMPOTENCY_KEY_META]: options.idempotencyKey } }) },
        {
          signal: options.signal,
          timeout: timeoutMs,
          resetTimeoutOnProgress: options.timeoutMs === undefined,
          ...(options.timeoutMs !== undefined ? { maxTotalTimeout: options.timeoutMs } : {}),
          ...(onProgress ? { onprogress: ({ progress, total, message }) => onProgress({ progress, total, message }) } : {}),
        },
      );
    let result: CallToolResult;
    try {
      // Refused over HTTP (401, or 403 for more scope) before the server ran it: after the
      // authorization the call is made again, once.
      result = await call().catch(async (error: unknown) => {
        if (await this.#authorize(error, transport, options.signal)) return call();
        throw error;
      });
    } catch (error) {
      const tooLarge = transport?.tooLarge(error);
      if (tooLarge) {
        throw new McpResultTooLargeError({ serverName: this.name, toolName: displayName, limitBytes: tooLarge.limitBytes, receivedBytes: tooLarge.bytes, cause: error });
      }
      const connectionLost = client !== this.#client || this.#state !== 'connected';
      throw toCallError(error, { toolName: displayName, serverName: this.name, timeoutMs, signal: options.signal, connectionLost, maxInputRounds: this.maxInputRounds });
    }
    // A stdio transport refuses a message over the limit as it reads it; over HTTP the SDK has read
    // it whole, so the same limit is applied to the result here (the model is told, as for stdio).
    if (this.config.transport !== 'stdio') {
      const limitBytes = this.#options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
      const receivedBytes = Buffer.byteLength(JSON.stringify(result));
      if (receivedBytes > limitBytes) throw new McpResultTooLargeError({ serverName: this.name, toolName: displayName, limitBytes, receivedBytes });
    }
    return result;
  }

  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#lifetime.abort();
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => undefined);
    await this.#authorization?.close();
  }

  #toolNames(): string[] {
    return this.#tools.map((tool) => tool.name);
  }
}
