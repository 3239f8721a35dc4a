/**
 * How long a server asked the client to wait, from `retry-after-ms` (milliseconds, used by OpenAI)
 * or `Retry-After` (seconds or an HTTP date, RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export function retryAfterMs(
  headers: Record<string, string | undefined> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));

  const milliseconds = Number.parseFloat(lower['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;

  const value = lower['retry-after']?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
