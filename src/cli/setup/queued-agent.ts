/**
 * The agent of a run submitted by `reins run --queue`, rebuilt by whichever worker takes it, the way
 * `reins resume` rebuilds a run: the model string, protocol and setup (MCP config file, `--server`
 * lines, approval mode, limits) stored with the run. MCP servers are started once per distinct setup
 * and shared by the worker's runs; `close` ends them. Secrets are never stored: a run started with
 * one on a `--server` line or in the model URL cannot be rebuilt (ConfigError), so give secrets to
 * the workers through their environment and config files instead. `telemetry` is given to every
 * run's agent (the worker's span exporter and secret mask).
 */
import { ConfigError } from '../../errors/config-error.ts';
import type { DurableAgentFactory } from '../../durable/durable-runtime.ts';
import { connectServers, type McpServers } from '../../mcp/connect-servers.ts';
import type { McpConfig } from '../../mcp/mcp-config.ts';
import type { ProtocolName } from '../../protocols/codec.ts';
import type { TelemetryOptions } from '../../telemetry/telemetry-options.ts';
import { containsRedacted } from '../../sessions/redact.ts';
import { agentSettings } from './session-settings.ts';
import { modelStringOf, openModel, protocolFor } from './pick-model.ts';
import { readSavedSession } from './saved-session.ts';
import { savedToolConfig } from './saved-tool-config.ts';

/** The agent name `reins run --queue` gives its runs. */
export const CLI_AGENT = 'reins-cli';

export interface QueuedAgent {
  factory: DurableAgentFactory;
  /** Ends the MCP servers started for the runs. */
  close(): Promise<void>;
}

export function queuedAgent(env: Record<string, string | undefined> = process.env, telemetry?: TelemetryOptions): QueuedAgent {
  const servers = new Map<string, Promise<McpServers>>();
  const toolbox = (config: McpConfig) => {
    const key = JSON.stringify(config);
    let connected = servers.get(key);
    if (!connected) {
      connected = connectServers(config);
      servers.set(key, connected);
    }
    return connected;
  };
  const factory: DurableAgentFactory = async ({ runId, meta }) => {
    const saved = readSavedSession(runId, meta);
    if (containsRedacted(saved.servers ?? []) || containsRedacted(meta.model ?? '')) {
      throw new ConfigError(`Run ${runId} was submitted with a secret on a --server line or in the model string, and secrets are never stored.`, {
        hint: 'Give secrets to the workers through their environment (e.g. OPENAI_API_KEY) or an MCP config file they can read.',
      });
    }
    const config = await savedToolConfig(saved);
    const connected = await toolbox(config);
    if (connected.failures.length > 0) throw connected.failures[0]!.error;
    const model = openModel(meta.model ?? modelStringOf(undefined, env), { protocol: meta.protocol ?? 'auto' });
    return {
      model,
      tools: connected.toolbox,
      protocol: protocolFor(model, (meta.protocol ?? 'auto') as ProtocolName | 'auto'),
      ...agentSettings(saved, config),
      ...(telemetry ? { telemetry } : {}),
    };
  };
  return {
    factory,
    async close() {
      const all = await Promise.allSettled(servers.values());
      await Promise.all(all.map((entry) => (entry.status === 'fulfilled' ? entry.value.close() : undefined)));
    },
  };
}
