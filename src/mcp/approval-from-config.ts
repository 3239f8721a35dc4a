/**
 * Approval policy from an MCP config, for createAgent's `approval` option.
 *
 * Order: a `deny` rule refuses; an `ask` rule asks; an `allow` rule runs without asking; with no
 * rule, `defaultApproval` decides, as for an agent without a policy (read-only or non-destructive
 * runs; any other MCP tool asks, annotated or not; a local tool without annotations runs).
 *
 * Rules: `reins.approve.{allow,ask,deny}` take `server.tool` globs (`fs.read_*`, `*.delete_*`)
 * or bare tool globs (`echo`, any server); a server entry's `allowTools` / `denyTools` take tool
 * globs of that server. `*` is the only wildcard.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { type ApprovalVerdict, defaultApproval } from '../tools/approval-policy.ts';
import type { McpConfig, McpServerConfig } from './mcp-config.ts';
import { serverPrefix, serverSeparator } from './assign-tool-names.ts';


function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

interface Rule {
  server?: RegExp;
  tool: RegExp;
}

function toRule(pattern: string): Rule {
  const dot = pattern.indexOf('.');
  if (dot < 0) return { tool: globToRegExp(pattern) };
  return { server: globToRegExp(pattern.slice(0, dot)), tool: globToRegExp(pattern.slice(dot + 1)) };
}

/** Server and tool name of a toolbox tool: its `origin`, else a `server__tool` name split. */
function identify(tool: ToolSpec, servers: string[]): { server?: string; name: string } {
  if (tool.origin) return tool.origin;
  for (const server of servers) {
    const prefix = `${serverPrefix(server)}${serverSeparator}`;
    if (tool.name.startsWith(prefix)) return { server, name: tool.name.slice(prefix.length) };
  }
  return { name: tool.name };
}

function matches(rules: Rule[], server: string | undefined, name: string): boolean {
  return rules.some((rule) => rule.tool.test(name) && (!rule.server || (server !== undefined && rule.server.test(server))));
}

/**
 * @example
 * const config = await loadMcpConfig();
 * createAgent({ model, tools: servers.toolbox, approval: approvalFromConfig(config), user });
 */
/** An `ApprovalPolicy` that answers at once (no promise), so it can be composed synchronously. */
export function approvalFromConfig(config: McpConfig = {}): (tool: ToolSpec, args: Record<string, unknown>) => ApprovalVerdict {
  const entries: Record<string, McpServerConfig> = { ...config.servers, ...config.mcpServers };
  const approve = config.reins?.approve ?? {};
  const global = {
    allow: (approve.allow ?? []).map(toRule),
    ask: (approve.ask ?? []).map(toRule),
    deny: (approve.deny ?? []).map(toRule),
  };
  const perServer = new Map(
    Object.entries(entries).map(([server, entry]) => [
      server,
      { allow: (entry.allowTools ?? []).map(globToRegExp), deny: (entry.denyTools ?? []).map(globToRegExp) },
    ]),
  );
  const servers = Object.keys(entries);
  return (tool) => {
    const { server, name } = identify(tool, servers);
    const own = server === undefined ? undefined : perServer.get(server);
    if (matches(global.deny, server, name) || own?.deny.some((glob) => glob.test(name))) return 'deny';
    if (matches(global.ask, server, name)) return 'ask';
    if (matches(global.allow, server, name) || own?.allow.some((glob) => glob.test(name))) return 'allow';
    return defaultApproval(tool);
  };
}
