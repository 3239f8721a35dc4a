/**
 * One written JSON object that the repair read as a list of several (`{"name": "t", "arguments":
 * {"a": 1}\n{"b": 2}}`, whose braces balance as one object): the object holds a second one, and which
 * object its keys belong to has two readings. Readers of calls refuse it rather than run the first
 * part with the rest dropped.
 */
export function splitByRepair(written: string, read: { value: unknown; repaired: boolean }): boolean {
  return read.repaired && Array.isArray(read.value) && written.trimStart().startsWith('{');
}
