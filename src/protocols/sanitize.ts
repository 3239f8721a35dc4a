/**
 * What goes back into a prompt must not carry the model's raw output: names are reduced to a safe
 * alphabet and truncated, free text is shortened to one line.
 */

/** Longest name echoed back (tool names of every provider fit). */
const maxNameLength = 64;
const safeName = new RegExp(`^[A-Za-z0-9_.-]{1,${maxNameLength}}$`);

/**
 * Keeps only `[A-Za-z0-9_.-]` and truncates, so an invalid tool name can be echoed into a prompt or a
 * provider-validated field safely. Returns `?` when nothing is left.
 */
export function sanitizeName(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  // A name that is already safe (nearly every tool name) is returned as it is, without copies.
  if (safeName.test(text)) return text;
  const safe = text.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, maxNameLength);
  return safe === '' ? '?' : safe;
}

/** One line of at most `max` characters, with control characters removed. */
export function sanitizeSnippet(value: string, max = 80): string {
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
