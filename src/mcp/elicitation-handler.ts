/**
 * Routes a server's form-mode `elicitation/create` to the UserChannel's `elicit`, fills in the
 * schema's defaults (SEP-1034) and validates the accepted content against the requested schema
 * (the SDK's Ajv provider, which checks `format` too: email, uri, date). An invalid answer is asked
 * again with the problems appended; after `maxAttempts` the elicitation is cancelled.
 */
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { JsonSchema } from '../spec/decision.ts';
import type { ElicitationReply, UserChannel } from '../spec/user-channel.ts';
import type { McpServerEvent } from './server-events.ts';

const validator = new AjvJsonSchemaValidator();

export interface ElicitationOptions {
  user?: UserChannel;
  /** How many answers to ask for before giving up with `cancel`. @default 3 */
  maxAttempts?: number;
  onEvent?: (event: McpServerEvent) => void;
}

/** Adds each top-level property's `default` that the answer left out (form schemas are flat). */
function withDefaults(schema: JsonSchema, content: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const filled = { ...content };
  for (const [key, property] of Object.entries(properties)) {
    if (filled[key] === undefined && property.default !== undefined) filled[key] = property.default;
  }
  return filled;
}

export function createElicitationHandler(server: string, options: ElicitationOptions) {
  const maxAttempts = options.maxAttempts ?? 3;
  return async (request: ElicitRequest, ctx: { mcpReq: { signal: AbortSignal } }): Promise<ElicitResult> => {
    const params = request.params;
    if (params.mode === 'url') {
      if (!options.user?.openUrl) return { action: 'decline' };
      return { action: await options.user.openUrl({ message: params.message, url: params.url, serverName: server }, ctx.mcpReq.signal) };
    }
    if (!options.user?.elicit) return { action: 'decline' };
    const schema = params.requestedSchema as JsonSchema;
    const validate = validator.getValidator<Record<string, unknown>>(schema);
    let message = params.message;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const reply: ElicitationReply = await options.user.elicit(
        { message, requestedSchema: schema, serverName: server },
        ctx.mcpReq.signal,
      );
      if (reply.action !== 'accept') return { action: reply.action };
      const content = withDefaults(schema, reply.content);
      const outcome = validate(content);
      if (outcome.valid) return { action: 'accept', content: content as ElicitResult['content'] };
      const details = outcome.errorMessage.split(', ');
      options.onEvent?.({ type: 'elicitation-invalid', server, details, attempt });
      message = `${params.message}\n\nThe previous answer was not valid: ${outcome.errorMessage}`;
    }
    return { action: 'cancel' };
  };
}
