/**
 * Connects every server of an `mcpServers` config at once and puts their tools in one Toolbox.
 * A bad entry, a missing command or a server that exits at start is reported (typed error naming
 * the server, `server-fail` event) and the other servers still work.
 */
import type { Implementation } from '@modelcontextprotocol/client';
import packageJson from '../../package.json' with { type: 'json' };
import type { McpConfigError } from '../errors/mcp-config-error.ts';
import type { McpServerStartError } from '../errors/mcp-server-start-error.ts';
import type { UserChannel } from '../spec/user-channel.ts';
import type { Model } from '../spec/model.ts';
import type { ToolNotice } from '../tools/tool-notice.ts';
import type { McpConfig } from './mcp-config.ts';
import { McpToolbox } from './mcp-toolbox.ts';
import type { AuthorizeOnDemandOptions } from './interactive-authorization.ts';
import type { OAuthStore } from './oauth-store.ts';
import { parseMcpConfig } from './parse-mcp-config.ts';
import type { RestartOptions } from './restart-policy.ts';
import type { SamplingApprovalRequest } from './sampling-handler.ts';
import { McpServerConnection } from './server-connection.ts';
import type { McpServerEvent } from './server-events.ts';

export interface ConnectServersOptions {
  /** Serves the servers' `sampling/createMessage` (with `tools`/`toolChoice`). Without it, sampling is not offered. */
  model?: Model;
  /** Asked before each sampling request; false refuses it. @default every request is approved */
  approveSampling?: (request: SamplingApprovalRequest) => boolean | Promise<boolean>;
  /** Its `elicit` answers the servers' form elicitations. Without `elicit`, elicitation is not offered. */
  user?: UserChannel;
  /** Directories offered through `roots/list`. @default the config's `reins.roots`, else roots are not offered */
  roots?: string[];
  /** Every server's life: connect, fail, crash, restart, drop, tool list change. */
  onServerEvent?: (event: McpServerEvent) => void;
  /** Aborts the connecting (servers already up are closed). */
  signal?: AbortSignal;
  /** Handshake timeout per server. @default 30_000 */
  connectTimeoutMs?: number;
  /** Default per-call timeout (a server's `timeoutMs` or the call's `timeoutMs` wins). @default 60_000 */
  callTimeoutMs?: number;
  /** Restart and drop policy for crashed servers. @default 3 crashes within 60 s drop a server; backoff from 200 ms */
  restart?: RestartOptions;
  /** What happens to stdio servers' stderr. `pipe` keeps its tail for error messages. @default 'pipe' */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Sent in the handshake. @default { name: 'reins', version: <package version> } */
  clientInfo?: Implementation;
  /**
   * Source of `${VAR}` values in the config, and of the variables passed through to stdio servers
   * (proxies and certificates: `HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`, `NODE_EXTRA_CA_CERTS`,
   * `SSL_CERT_FILE`, ..., see `PASSED_THROUGH_VARIABLES`; never API keys).
   * @default process.env
   */
  env?: Record<string, string | undefined>;
  /**
   * Largest message, in bytes of its JSON-RPC line, read from a stdio server (in practice: a tool
   * result). A larger one fails its call with `McpResultTooLargeError` (an observation for the
   * model) and the server keeps running.
   * @default 10_485_760 (10 MiB)
   */
  maxResultBytes?: number;
  /**
   * Protocol negotiation: `auto` offers MCP 2026-07-28 (`server/discover`) and falls back to the
   * 2025 `initialize` handshake for older servers; `legacy` only does the 2025 handshake.
   * @default 'auto'
   */
  protocol?: 'auto' | 'legacy';
  /** Cap on `input_required` rounds of one tool call (2026-07-28); past it the call fails with `McpInputRoundsError`. @default 50 */
  maxInputRounds?: number;
  /** Where OAuth tokens of HTTP servers are kept (see `reins auth`). @default new OAuthStore() (reins' config directory, mode 0600) */
  oauthStore?: OAuthStore;
  /**
   * Interactive sessions: when an HTTP server on the authorization code flow asks for an
   * authorization (401 at connect or on a call, 403 `insufficient_scope` for more scope, a new
   * authorization server), `open` sends the human to the page, the code comes back to a loopback
   * redirect on 127.0.0.1, and the request is made again. The CLI sets it on a terminal unless
   * `--no-input`. @default none: stored tokens only (refreshed); a server that needs a browser
   * fails with `McpAuthorizationError` naming `reins auth <server>`
   */
  authorize?: AuthorizeOnDemandOptions;
}

export interface McpServerFailure {
  server: string;
  error: McpConfigError | McpServerStartError;
}

export interface McpServers {
  /** The tools of every connected server. */
  toolbox: McpToolbox;
  /** Names of the servers that connected. */
  connected: string[];
  /** Servers that did not: invalid entry or failed start, each with a typed error naming it. */
  failures: McpServerFailure[];
  /** Names of entries skipped with `disabled: true`. */
  disabled: string[];
  /** Tools renamed (reserved or colliding names) or withheld (unusable schema), at connect time; `toolbox.notices()` has the current ones. */
  notices: ToolNotice[];
  /** Closes every server. */
  close(): Promise<void>;
}

/**
 * @example
 * const servers = await connectServers(await loadMcpConfig(), { model, user });
 * try { await createAgent({ model, tools: servers.toolbox }).run('...').result; } finally { await servers.close(); }
 */
export async function connectServers(config: McpConfig, options: ConnectServersOptions = {}): Promise<McpServers> {
  const parsed = parseMcpConfig(config, { env: options.env });
  if (!parsed.success) throw parsed.error;
  const emit = (event: McpServerEvent) => options.onServerEvent?.(event);
  const failures: McpServerFailure[] = parsed.failures.map((error) => ({ server: error.serverName ?? '', error }));
  for (const failure of failures) emit({ type: 'server-fail', server: failure.server, error: failure.error });

  // Connections report tool changes to the toolbox, which exists once they have started.
  const built: { toolbox?: McpToolbox } = {};
  const connections = parsed.servers.map(
    (server) =>
      new McpServerConnection(server, {
        model: options.model,
        approveSampling: options.approveSampling,
        user: options.user,
        roots: options.roots ?? parsed.reins.roots,
        clientInfo: options.clientInfo ?? { name: 'reins', version: packageJson.version },
        connectTimeoutMs: options.connectTimeoutMs,
        callTimeoutMs: options.callTimeoutMs,
        restart: options.restart,
        stderr: options.stderr,
        maxResultBytes: options.maxResultBytes,
        env: options.env,
        protocol: options.protocol,
        maxInputRounds: options.maxInputRounds,
        oauthStore: options.oauthStore,
        authorize: options.authorize,
        onEvent: emit,
        onToolsChange: () => built.toolbox?.refresh(),
      }),
  );
  const outcomes = await Promise.allSettled(connections.map((connection) => connection.start(options.signal)));
  const connected: McpServerConnection[] = [];
  outcomes.forEach((outcome, index) => {
    const connection = connections[index]!;
    if (outcome.status === 'fulfilled') return connected.push(connection);
    const error = outcome.reason as McpServerStartError;
    failures.push({ server: connection.name, error });
    emit({ type: 'server-fail', server: connection.name, error });
  });
  const box = new McpToolbox(connected, { onEvent: emit });
  built.toolbox = box;
  if (options.signal?.aborted) {
    await box.close();
    throw options.signal.reason;
  }
  return {
    toolbox: box,
    connected: connected.map((connection) => connection.name),
    failures,
    disabled: parsed.disabled,
    notices: box.notices(),
    close: () => box.close(),
  };
}
