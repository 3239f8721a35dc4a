/**
 * Declares what this reins client offers a server (sampling with tools, form elicitation with
 * defaults, roots) and registers the matching handlers. A capability is declared only when it
 * can be served, so servers gate their features correctly (server-everything registers its
 * sampling and elicitation tools only for clients that declare them).
 */
import { pathToFileURL } from 'node:url';
import { basename, resolve } from 'node:path';
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { UserChannel } from '../spec/user-channel.ts';
import type { Model } from '../spec/model.ts';
import { createElicitationHandler } from './elicitation-handler.ts';
import { createSamplingHandler, type SamplingApprovalRequest } from './sampling-handler.ts';
import type { McpServerEvent } from './server-events.ts';

export interface ClientHandlerOptions {
  /** Serves `sampling/createMessage`. Without it, sampling is not declared. */
  model?: Model;
  approveSampling?: (request: SamplingApprovalRequest) => boolean | Promise<boolean>;
  /** Its `elicit` answers `elicitation/create`. Without `elicit`, elicitation is not declared. */
  user?: UserChannel;
  /** Directories or `file://` URIs for `roots/list`. Without them, roots are not declared. */
  roots?: string[];
  onEvent?: (event: McpServerEvent) => void;
}

export function clientCapabilities(options: ClientHandlerOptions): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (options.model) capabilities.sampling = { tools: {} };
  if (options.user?.elicit) capabilities.elicitation = { form: { applyDefaults: true }, ...(options.user.openUrl ? { url: {} } : {}) };
  if (options.roots && options.roots.length > 0) capabilities.roots = { listChanged: false };
  return capabilities;
}

function toRoot(root: string): { uri: string; name: string } {
  const uri = root.startsWith('file://') ? root : pathToFileURL(resolve(root)).href;
  return { uri, name: basename(root.startsWith('file://') ? new URL(root).pathname : resolve(root)) };
}

export function registerClientHandlers(client: Client, server: string, options: ClientHandlerOptions): void {
  const { model, user, roots } = options;
  if (model) {
    client.setRequestHandler('sampling/createMessage', createSamplingHandler(server, { model, approveSampling: options.approveSampling }));
  }
  if (user?.elicit || user?.openUrl) {
    client.setRequestHandler('elicitation/create', createElicitationHandler(server, { user, onEvent: options.onEvent }));
  }
  if (roots && roots.length > 0) {
    client.setRequestHandler('roots/list', async () => ({ roots: roots.map(toRoot) }));
  }
}
