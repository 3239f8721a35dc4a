/**
 * The tools of many MCP servers behind one Toolbox (src/tools/toolbox.ts): names prefixed where
 * they collide, are reserved (`ask_user`, `answer_user`) or pose as another server's; a tool whose
 * input schema reins cannot use safely (invalid, too large, a pattern the linear-time engine cannot
 * run) or that its server lists twice is withheld; type aliases in a schema (`str`, `dict`) are read
 * as JSON Schema types on the way in (`tool-list-guard.ts`) and reported (`tool-normalize`). Every rename and withheld tool is a notice
 * (`notices()`, and a `tool-rename` / `tool-withhold` event when it first appears). Annotations
 * kept, each server's instructions for the system prompt, list changes pushed to subscribers,
 * calls routed to the owning server.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import { McpToolCallError } from '../errors/mcp-tool-call-error.ts';
import { ToolWithheldError } from '../errors/tool-withheld-error.ts';
import { schemaProblem } from '../tools/schema-validator.ts';
import { noticeKey, type ToolNotice } from '../tools/tool-notice.ts';
import type { Toolbox, ToolCallOptions, ToolResult } from '../tools/toolbox.ts';
import type { McpServerConnection } from './server-connection.ts';
import type { McpServerEvent } from './server-events.ts';
import { toToolResult } from './to-tool-result.ts';
import { assignToolNames } from './assign-tool-names.ts';

interface Entry {
  spec: ToolSpec;
  connection: McpServerConnection;
  toolName: string;
}

export interface McpToolboxOptions {
  /** Receives a `tool-rename` / `tool-withhold` / `tool-normalize` event for each notice when it first appears. @default undefined (notices only in `notices()`) */
  onEvent?: (event: McpServerEvent) => void;
}

function toSpec(tool: Tool, exposedName: string, server: string, sessionId: string | undefined): ToolSpec {
  const spec: ToolSpec = {
    name: exposedName,
    description: tool.description ?? tool.title,
    inputSchema: tool.inputSchema as JsonSchema,
    origin: sessionId ? { server, name: tool.name, sessionId } : { server, name: tool.name },
  };
  if (tool.annotations) spec.annotations = { ...tool.annotations };
  return spec;
}

/** The tools a server may offer: its first tool of each name, with a schema reins can use. */
function usableTools(connection: McpServerConnection, notices: ToolNotice[]): Tool[] {
  for (const { name, detail } of connection.refusedTools) {
    notices.push({ type: 'tool-withhold', server: connection.name, tool: name, error: new ToolWithheldError({ toolName: name, serverName: connection.name, reason: 'invalid-schema', detail }) });
  }
  const seen = new Set<string>();
  return connection.tools.filter((tool) => {
    const withhold = (reason: ToolWithheldError['reason'], detail: string) =>
      notices.push({ type: 'tool-withhold', server: connection.name, tool: tool.name, error: new ToolWithheldError({ toolName: tool.name, serverName: connection.name, reason, detail }) });
    if (seen.has(tool.name)) {
      withhold('duplicate-name', 'the server lists two tools with this name; the first is kept');
      return false;
    }
    seen.add(tool.name);
    const input = schemaProblem(tool.inputSchema as JsonSchema);
    // The SDK checks results against the outputSchema with reins' validator (linear-schema-validator.ts).
    const output = tool.outputSchema === undefined ? undefined : schemaProblem(tool.outputSchema as JsonSchema);
    if (input) withhold(input.reason, input.detail);
    else if (output) withhold(output.reason, `output schema: ${output.detail}`);
    const usable = input === undefined && output === undefined;
    const normalized = usable ? connection.normalizedTools.find((entry) => entry.name === tool.name) : undefined;
    if (normalized) notices.push({ type: 'tool-normalize', server: connection.name, tool: tool.name, changes: normalized.changes });
    return usable;
  });
}

export class McpToolbox implements Toolbox {
  readonly #connections: McpServerConnection[];
  readonly #listeners = new Set<() => void>();
  readonly #onEvent?: (event: McpServerEvent) => void;
  #entries = new Map<string, Entry>();
  #notices: ToolNotice[] = [];

  constructor(connections: McpServerConnection[], options: McpToolboxOptions = {}) {
    this.#connections = connections;
    this.#onEvent = options.onEvent;
    this.refresh();
  }

  /** The connections behind the toolbox (connected, restarting or dropped). */
  get connections(): readonly McpServerConnection[] {
    return this.#connections;
  }

  /** Recomputes the tool list from the servers and tells subscribers. Called on every change. */
  refresh(): void {
    const notices: ToolNotice[] = [];
    const named = assignToolNames(
      this.#connections.flatMap((connection) => usableTools(connection, notices).map((tool) => ({ server: connection.name, tool, connection }))),
      this.#connections.map((connection) => connection.name),
    );
    this.#entries = new Map(
      named.map(({ tool, exposedName, connection }) => [
        exposedName,
        { spec: toSpec(tool, exposedName, connection.name, connection.sessionId), connection, toolName: tool.name },
      ]),
    );
    for (const { tool, exposedName, reason, connection } of named) {
      if (reason) notices.push({ type: 'tool-rename', server: connection.name, tool: tool.name, name: exposedName, reason });
    }
    const known = new Set(this.#notices.map(noticeKey));
    this.#notices = notices;
    for (const notice of notices) if (!known.has(noticeKey(notice))) this.#onEvent?.({ ...notice, server: notice.server ?? '' });
    for (const listener of this.#listeners) listener();
  }

  /** Tools renamed or withheld now, and why. */
  notices(): ToolNotice[] {
    return [...this.#notices];
  }

  list(): ToolSpec[] {
    return [...this.#entries.values()].map((entry) => entry.spec);
  }

  async call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
    const entry = this.#entries.get(name);
    if (!entry) {
      throw new McpToolCallError(`No MCP tool named ${name}.`, { toolName: name, failure: 'unknown-tool' });
    }
    const result = await entry.connection.callTool(entry.toolName, args, { ...options, displayName: name });
    return toToolResult(result);
  }

  /** Each server's `instructions`, headed by the server's name. */
  instructions(): string[] {
    return this.#connections
      .filter((connection) => connection.instructions && connection.state !== 'dropped' && connection.state !== 'closed')
      .map((connection) => `Instructions from MCP server "${connection.name}":\n${connection.instructions}`);
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Closes every server (stdio processes are ended). */
  async close(): Promise<void> {
    await Promise.all(this.#connections.map((connection) => connection.close()));
  }
}
