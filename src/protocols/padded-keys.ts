/**
 * An argument name written with space around it (`" unit"` for `unit`): space around a name is never
 * part of it, as with a tool's name (`reading.ts` `callItem`). Such a name is read as the declared
 * name it holds wherever that reading is the only one: the written name is not declared as written,
 * the name it holds is, that name is not given too, and no other written name holds it. Unlike
 * another case style (`respelled-keys.ts`), this holds also where the schema allows undeclared names:
 * a tool given `" unit"` beside its declared `unit` would otherwise run without the unit it was sent.
 * Anything else is left as written, for validation to judge.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { isRecord } from './extract/read-json.ts';

const padded = /^\s|\s$/;

/** `args` with each padded, undeclared top-level name renamed to the declared name it holds; undefined when none is. */
export function unpaddedArgs(tool: ToolSpec, args: unknown): Record<string, unknown> | undefined {
  if (!isRecord(args)) return undefined;
  const properties = tool.inputSchema.properties;
  if (!isRecord(properties)) return undefined;
  // Made at the first padded name: most calls have none.
  let renames: Map<string, string> | undefined;
  for (const written of Object.keys(args)) {
    // A declared name is taken as written (most names are: looked up first).
    if (Object.hasOwn(properties, written) || !padded.test(written)) continue;
    const name = written.trim();
    if (!Object.hasOwn(properties, name)) continue;
    // The declared name given too, or held by two padded names: two readings, left to validation.
    if (Object.hasOwn(args, name) || (renames && [...renames.values()].includes(name))) return undefined;
    renames ??= new Map();
    renames.set(written, name);
  }
  if (renames === undefined) return undefined;
  // fromEntries defines own keys: a written `__proto__` stays a key (and is refused), never a prototype.
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [renames.get(name) ?? name, value]));
}
