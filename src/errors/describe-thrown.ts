/**
 * A thrown value as text for an error's message. Never throws: a model, a tool, a callback or a
 * wrapper may throw anything (an object whose `toString` throws, an Error whose `message` getter
 * throws, a Proxy whose every read throws, a symbol), and mapping it to a typed error must not
 * fail in turn: a throw there would leave the run hanging with an unhandled rejection.
 */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error && typeof value.message === 'string') return value.message;
  } catch {
    // `instanceof` or the `message` getter threw: fall back on the text forms below.
  }
  try {
    return String(value);
  } catch {
    // `toString` / `Symbol.toPrimitive` threw.
  }
  try {
    return Object.prototype.toString.call(value);
  } catch {
    // A Proxy that throws on `Symbol.toStringTag`.
  }
  return `a thrown ${typeof value} that cannot be shown`;
}
