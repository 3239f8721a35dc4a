/**
 * Turns whatever a provider package threw (APICallError, a fetch TypeError, a cut socket) into a
 * `ModelCallError` that says what failed and what to fix, never a provider stack trace.
 */
import { APICallError } from '@ai-sdk/provider';
import { describeThrown } from '../errors/describe-thrown.ts';
import { ModelCallError } from '../errors/model-call-error.ts';
import { retryAfterMs } from './retry-after.ts';

/** Who was called, used to word errors and hints. */
export interface ProviderContext {
  /** e.g. `openai`, `ollama`. */
  provider: string;
  modelId: string;
  /** Name for people, e.g. `Ollama`. @default the provider id */
  displayName?: string;
  /** Where the server lives, e.g. `http://127.0.0.1:11434`, named when it cannot be reached. @default undefined */
  endpoint?: string;
  /** Environment variable that holds the key, named in the 401/403 hint. @default 'the API key' (in the hint) */
  apiKeyVariable?: string;
  /** What to check when the host refuses the connection. @default 'is the server running?' */
  unreachableHint?: string;
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const resetCodes = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Never throws, whatever was thrown: a value whose reads throw is described as text (`describeThrown`). */
export function toModelCallError(error: unknown, context: ProviderContext): ModelCallError {
  try {
    return mapProviderError(error, context);
  } catch {
    const name = context.displayName ?? context.provider;
    return new ModelCallError(`${name} failed: ${describeThrown(error)}`, { provider: context.provider, modelId: context.modelId, cause: error, isRetryable: false });
  }
}

function mapProviderError(error: unknown, context: ProviderContext): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const name = context.displayName ?? context.provider;
  const base = { provider: context.provider, modelId: context.modelId, cause: error };

  if (APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode >= 400) {
    const status = error.statusCode;
    return new ModelCallError(`${name} returned HTTP ${status} for model \`${context.modelId}\`: ${apiMessage(error)}`, {
      ...base,
      statusCode: status,
      isRetryable: isRetryableStatus(status),
      retryAfterMs: retryAfterMs(error.responseHeaders),
      responseBody: error.responseBody,
      hint: hintForStatus(status, context),
    });
  }

  const code = networkCode(error);
  if (code !== undefined && unreachableCodes.has(code)) {
    const where = context.endpoint ? ` at ${context.endpoint}` : '';
    const hint = context.unreachableHint ?? 'is the server running and the base URL right?';
    return new ModelCallError(`cannot reach ${name}${where}: ${hint}`, { ...base, isRetryable: true, hint });
  }
  if (code !== undefined) {
    return new ModelCallError(`the connection to ${name} was cut off (${code})`, {
      ...base,
      isRetryable: true,
      hint: 'a network or server hiccup: retried (unless `retry: false`) when nothing was streamed yet',
    });
  }
  if (hasMessage(error, 'bad port')) {
    // fetch refuses some ports outright (the Fetch standard's "bad ports": 6000, 6665-6669, 10080, ...).
    const port = /:(\d+)(?:\/|$)/.exec(context.endpoint ?? '')?.[1];
    const hint = 'fetch never connects to this port (a "bad port" of the Fetch standard): serve the model on another port';
    return new ModelCallError(`cannot reach ${name}${context.endpoint ? ` at ${context.endpoint}` : ''}: port ${port || '(this one)'} is blocked by fetch`, { ...base, isRetryable: false, hint });
  }
  const message = describeThrown(error);
  return new ModelCallError(`${name} returned a response reins could not read: ${message}`, {
    ...base,
    isRetryable: APICallError.isInstance(error) ? error.isRetryable : false,
    hint: `check the base URL${context.endpoint ? ` (${context.endpoint})` : ''}: the response is not in the format ${name} uses`,
  });
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function hintForStatus(status: number, context: ProviderContext): string | undefined {
  const key = context.apiKeyVariable ?? 'the API key';
  if (status === 401) return `check ${key}`;
  if (status === 403) return `check that ${key} may use model \`${context.modelId}\``;
  if (status === 404) {
    return context.provider === 'ollama'
      ? `is the model pulled? run \`ollama pull ${context.modelId}\``
      : `check the model id \`${context.modelId}\`${context.endpoint ? ` and the base URL ${context.endpoint}` : ''}`;
  }
  if (status === 400 || status === 422) return 'the provider rejected the request: its reason is in responseBody';
  if (status === 429) return 'rate limited: wait, or lower the request rate';
  if (status >= 500) return 'the provider failed: try again later';
  return undefined;
}

/**
 * The server's own words. Providers parse their documented error shape; some servers (Ollama's
 * native API) answer `{ "error": "..." }` instead, which leaves only the status text in `message`.
 */
function apiMessage(error: APICallError): string {
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: unknown };
    if (typeof body.error === 'string' && !error.message.includes(body.error)) return body.error;
  } catch {
    // not JSON: keep the provider's message
  }
  return error.message;
}

/** True when an error on the cause chain has exactly this message. */
function hasMessage(error: unknown, message: string): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const value = current as { message?: unknown; cause?: unknown };
    if (value.message === message) return true;
    current = value.cause;
  }
  return false;
}

/** The first network error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...) on the cause chain. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const value = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof value.code === 'string' && (unreachableCodes.has(value.code) || resetCodes.has(value.code))) {
      return value.code;
    }
    if (Array.isArray(value.errors)) {
      const inner = value.errors.map(networkCode).find((found) => found !== undefined);
      if (inner) return inner;
    }
    if (value.message === 'terminated' && !value.cause) return 'UND_ERR_SOCKET';
    current = value.cause;
  }
  return undefined;
}
