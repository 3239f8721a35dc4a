/**
 * Keeps one malformed entry of a server's `tools/list` from failing the whole server: the SDK
 * checks a tools/list result as a whole, so a single tool whose `inputSchema` lacks
 * `type: "object"` (or whose name is not a string) would reject every tool of that server. This
 * wrapper around the server's transport takes such entries out of each tools/list response before
 * the SDK sees it, and keeps them (name and reason) so the toolbox reports them as withheld
 * (`invalid-schema`). Type aliases in an entry's input and output schemas (`"type": "dict"`, `str`,
 * `float`: hand-written specs use them) are read as the JSON Schema types they mean first, so such a
 * tool is offered, and kept (`normalized`) for the toolbox to report. Every other message passes
 * through untouched.
 */
import { ToolSchema } from '@modelcontextprotocol/core';
import type { Transport } from '@modelcontextprotocol/client';
import type { JsonSchema } from '../spec/decision.ts';
import { normalizeSchemaTypes, type SchemaTypeChange } from '../tools/schema-type-aliases.ts';

type Message = Parameters<Transport['send']>[0];

export interface RefusedTool {
  /** The entry's name (as text, whatever it was). */
  name: string;
  /** What the MCP schema refused. */
  detail: string;
}

export interface NormalizedTool {
  name: string;
  /** Each alias read; a path into the output schema starts with `outputSchema`. */
  changes: SchemaTypeChange[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class ToolListGuard {
  readonly #listRequests = new Set<unknown>();
  /** The entries taken out of the latest tools/list response (each page adds its own). */
  refused: RefusedTool[] = [];
  /** The entries of the latest tools/list response whose schemas named type aliases. */
  normalized: NormalizedTool[] = [];

  /** Wraps a transport so tools/list responses are filtered on the way in. */
  wrap(transport: Transport): Transport {
    const send = transport.send.bind(transport);
    transport.send = (message: Message, options?: Parameters<Transport['send']>[1]) => {
      const request = message as Record<string, unknown>;
      if (request.method === 'tools/list' && 'id' in request) {
        this.#listRequests.add(request.id);
        if (!isObject(request.params) || request.params.cursor === undefined) {
          this.refused = [];
          this.normalized = [];
        }
      }
      return send(message, options);
    };
    let handler: Transport['onmessage'];
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      get: () => handler,
      set: (next: Transport['onmessage']) => {
        handler = next && ((message, extra) => next(this.#filter(message), extra));
      },
    });
    return transport;
  }

  #filter(message: Message): Message {
    if (!isObject(message) || !('id' in message) || !this.#listRequests.delete(message.id)) return message;
    const result = (message as Record<string, unknown>).result;
    if (!isObject(result) || !Array.isArray(result.tools)) return message;
    const listed: unknown[] = result.tools;
    const read = listed.map((tool) => this.#normalize(tool));
    const kept = read.filter((tool: unknown) => {
      const parsed = ToolSchema.safeParse(tool);
      if (parsed.success) return true;
      const issue = parsed.error.issues[0];
      const name = isObject(tool) ? String(tool.name) : String(tool);
      this.refused.push({ name, detail: `not a valid MCP tool: ${issue ? `${issue.path.join('.') || '(entry)'}: ${issue.message}` : 'invalid'}` });
      return false;
    });
    const same = kept.length === listed.length && kept.every((tool, index) => tool === listed[index]);
    return same ? message : ({ ...message, result: { ...result, tools: kept } } as Message);
  }

  /** The entry with its schemas' type aliases read (a copy, when there were any). */
  #normalize(tool: unknown): unknown {
    if (!isObject(tool)) return tool;
    const input = isObject(tool.inputSchema) ? normalizeSchemaTypes(tool.inputSchema as JsonSchema) : undefined;
    const output = isObject(tool.outputSchema) ? normalizeSchemaTypes(tool.outputSchema as JsonSchema) : undefined;
    const changes = [...(input?.changes ?? []), ...(output?.changes ?? []).map((change) => ({ ...change, path: `outputSchema${change.path}` }))];
    if (changes.length === 0) return tool;
    this.normalized.push({ name: String(tool.name), changes });
    return { ...tool, ...(input ? { inputSchema: input.schema } : {}), ...(output ? { outputSchema: output.schema } : {}) };
  }
}
