/**
 * MCP form-mode elicitation at the terminal: one prompt per field of the server's flat schema
 * (strings, numbers, integers, booleans, enums). The MCP client validates the reply against the
 * schema and asks again when it does not fit.
 */
import { confirm, isCancel, select, text } from '@clack/prompts';
import type { Readable, Writable } from 'node:stream';
import type { ElicitationReply, ElicitationRequest } from '../../spec/user-channel.ts';

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
  default?: unknown;
}

/** The fields of a form, in schema order, with whether each is required. */
function formFields(request: ElicitationRequest): Array<{ name: string; schema: FieldSchema; required: boolean }> {
  const properties = (request.requestedSchema.properties ?? {}) as Record<string, FieldSchema>;
  const required = new Set((request.requestedSchema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => ({ name, schema, required: required.has(name) }));
}

/** Turns typed text into the field's JSON type; undefined for an empty optional answer. */
function fieldValue(schema: FieldSchema, raw: string): unknown {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  if (schema.type === 'number' || schema.type === 'integer') return Number(trimmed);
  if (schema.type === 'boolean') return /^(y|yes|true)$/i.test(trimmed);
  return raw;
}

type Common = { input: Readable; output: Writable; signal?: AbortSignal };

/** Asks the form with @clack/prompts; Esc/Ctrl-C on any field cancels the elicitation. */
export async function askForm(request: ElicitationRequest, common: Common): Promise<ElicitationReply> {
  const from = request.serverName ? ` (${request.serverName})` : '';
  const choice = await select({
    ...common,
    message: `${request.message}${from}`,
    options: [
      { value: 'accept', label: 'answer' },
      { value: 'decline', label: 'decline' },
      { value: 'cancel', label: 'cancel' },
    ],
  });
  if (isCancel(choice) || choice === 'cancel') return { action: 'cancel' };
  if (choice === 'decline') return { action: 'decline' };
  const content: Record<string, unknown> = {};
  for (const field of formFields(request)) {
    const label = `${field.schema.title ?? field.name}${field.required ? '' : ' (optional)'}`;
    const message = field.schema.description ? `${label}: ${field.schema.description}` : label;
    const options = field.schema.oneOf?.map((option) => ({ value: option.const, label: option.title ?? String(option.const) })) ??
      field.schema.enum?.map((value, index) => ({ value, label: field.schema.enumNames?.[index] ?? String(value) }));
    let answer: unknown;
    if (options) answer = await select({ ...common, message, options: options as Array<{ value: unknown; label: string }> });
    else if (field.schema.type === 'boolean') answer = await confirm({ ...common, message, initialValue: field.schema.default === true });
    else {
      const typed = await text({ ...common, message, defaultValue: field.schema.default === undefined ? undefined : String(field.schema.default) });
      answer = isCancel(typed) ? typed : fieldValue(field.schema, typed ?? '');
    }
    if (isCancel(answer)) return { action: 'cancel' };
    if (answer !== undefined) content[field.name] = answer;
  }
  return { action: 'accept', content };
}

/**
 * Off a TTY: the form as text, answered by one line on stdin: a JSON object accepts,
 * `decline` declines, anything else (or end of input) cancels.
 */
export function describeForm(request: ElicitationRequest): string {
  const fields = formFields(request).map(({ name, schema, required }) => {
    const choices = schema.enum ?? schema.oneOf?.map((option) => option.const);
    const kind = choices ? `one of ${choices.map((value) => JSON.stringify(value)).join(', ')}` : (schema.type ?? 'string');
    return `    ${name}${required ? '' : '?'}: ${kind}${schema.description ? ` (${schema.description})` : ''}`;
  });
  return [`  ${request.message}${request.serverName ? ` (${request.serverName})` : ''}`, ...fields, '  reply with one line: a JSON object, or "decline" / "cancel"'].join('\n');
}

export function replyFromLine(line: string): ElicitationReply {
  const trimmed = line.trim();
  if (/^decline$/i.test(trimmed)) return { action: 'decline' };
  try {
    const value: unknown = JSON.parse(trimmed);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { action: 'accept', content: value as Record<string, unknown> };
  } catch {
    // Not JSON: treated as cancel below.
  }
  return { action: 'cancel' };
}
