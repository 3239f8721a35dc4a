/**
 * An argument named in another case style than the tool declares it (`target_language` for
 * `targetLanguage`, `dryRun` for `dry_run`, `DRY-RUN` for `dry_run`): the same words, so it is read as
 * the declared name. Only where the arguments fail validation as written, and only where the spelling
 * has one reading: the written name is not declared, exactly one declared property spells the same
 * (case, `_`, `-` and spaces aside) and differs by more than letter case (`City` for `city` stays
 * another name, as vLLM and sglang read it), that property is not given too, and no other written
 * name spells it. The arguments as renamed must then validate; anything else keeps its correction.
 *
 * Dropping an argument the schema forbids is never done: `dryrun` dropped from a delete runs the delete.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { isRecord } from './extract/read-json.ts';

/** A name without its case style: `targetLanguage`, `target_language` and `Target-Language` agree. */
export function spelling(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

/** The argument names a schema declares: its `properties`, and those of its `allOf`/`anyOf`/`oneOf` members. */
function topLevelNames(schema: unknown, depth = 0): Set<string> {
  const names = new Set<string>();
  if (!isRecord(schema) || depth > 8) return names;
  if (isRecord(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = schema[keyword];
    if (Array.isArray(members)) for (const member of members) for (const name of topLevelNames(member, depth + 1)) names.add(name);
  }
  return names;
}

/**
 * `args` with each undeclared top-level name that spells exactly one declared, absent property
 * renamed to it; undefined when no name is renamed.
 */
export function respelledArgs(tool: ToolSpec, args: unknown): Record<string, unknown> | undefined {
  if (!isRecord(args)) return undefined;
  const declaredNames = topLevelNames(tool.inputSchema);
  const declaredBySpelling = new Map<string, string | null>();
  for (const name of declaredNames) {
    const key = spelling(name);
    // Two declared names that spell the same (`dry_run` and `dryRun`): no reading for either.
    declaredBySpelling.set(key, declaredBySpelling.has(key) ? null : name);
  }
  const renames = new Map<string, string>();
  const claimed = new Set<string>();
  for (const written of Object.keys(args)) {
    if (declaredNames.has(written)) continue;
    const declared = declaredBySpelling.get(spelling(written));
    // No declared name spells it, or only letter case differs (`City` for `city`, which vLLM and sglang
    // read as another name): validation judges it as written.
    if (declared === undefined || (declared !== null && declared.toLowerCase() === written.toLowerCase())) continue;
    if (declared === null || Object.hasOwn(args, declared) || claimed.has(declared)) return undefined;
    claimed.add(declared);
    renames.set(written, declared);
  }
  if (renames.size === 0) return undefined;
  // fromEntries defines own keys: a written `__proto__` stays a key (and is refused), never a prototype.
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [renames.get(name) ?? name, value]));
}
