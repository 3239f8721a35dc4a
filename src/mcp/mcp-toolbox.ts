/**
 * The tools of many MCP servers behind one Toolbox (src/tools/toolbox.ts): names prefixed only
 * where they collide, annotations kept, each server's instructions for the system prompt, list
 * changes pushed to subscribers, calls routed to the owning server.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { JsonSchema, ToolSpec } from '../decision.ts';
import { McpToolCallError } from '../errors/mcp-tool-call-error.ts';
import type { Toolbox, ToolCallOptions, ToolResult } from '../tools/toolbox.ts';
import type { McpServerConnection } from './server-connection.ts';
import { toToolResult } from './to-tool-result.ts';
import { assignToolNames } from './tool-names.ts';

interface Entry {
  spec: ToolSpec;
  connection: McpServerConnection;
  toolName: string;
}

function toSpec(tool: Tool, exposedName: string, server: string): ToolSpec {
  const spec: ToolSpec = {
    name: exposedName,
    description: tool.description ?? tool.title,
    inputSchema: tool.inputSchema as JsonSchema,
    origin: { server, name: tool.name },
  };
  if (tool.annotations) spec.annotations = { ...tool.annotations };
  return spec;
}

export class McpToolbox implements Toolbox {
  readonly #connections: McpServerConnection[];
  readonly #listeners = new Set<() => void>();
  #entries = new Map<string, Entry>();

  constructor(connections: McpServerConnection[]) {
    this.#connections = connections;
    this.refresh();
  }

  /** The connections behind the toolbox (connected, restarting or dropped). */
  get connections(): readonly McpServerConnection[] {
    return this.#connections;
  }

  /** Recomputes the tool list from the servers and tells subscribers. Called on every change. */
  refresh(): void {
    const named = assignToolNames(
      this.#connections.flatMap((connection) => connection.tools.map((tool) => ({ server: connection.name, tool, connection }))),
    );
    this.#entries = new Map(
      named.map(({ tool, exposedName, connection }) => [
        exposedName,
        { spec: toSpec(tool, exposedName, connection.name), connection, toolName: tool.name },
      ]),
    );
    for (const listener of this.#listeners) listener();
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
