/**
 * The names tools are offered under: each exposed name maps to exactly one tool, decided only by
 * the order of the entries (never last-one-wins, never by timing). A tool keeps its own name unless
 * - the name is reserved (`ask_user`, `answer_user`),
 * - providers would refuse it in a native tool list (anything but 1-64 of `[A-Za-z0-9_-]`: a dot, a
 *   space, a look-alike letter, a control character, an empty or a too long name): one such tool
 *   would fail every native request, and it could not be written safely into a prompt,
 * - it starts with another namespace's prefix (`fs__x` from a server that is not `fs`), or
 * - another entry has the same name: with `collisions: 'prefix-all'` (MCP servers) every holder is
 *   prefixed; with `'first-keeps'` (merged toolboxes) the first holder keeps it.
 * A renamed tool becomes `<namespace>__<name>` (namespace and name reduced to `[A-Za-z0-9_-]`, at
 * most 64 characters), or `<name>_2`, `_3`... when that is taken too or there is no namespace.
 */
import { isProviderToolName, isReservedToolName, maxProviderToolNameLength, toProviderNamespace, toProviderToolName } from './tool-names.ts';
import type { ToolRenameReason } from './tool-notice.ts';

export const namespaceSeparator = '__';

/** Longest base of a renamed tool, leaving room for a `_NN` suffix within 64 characters. */
const maxBaseLength = maxProviderToolNameLength - 4;

export function namespacePrefix(namespace: string): string {
  return toProviderNamespace(namespace);
}

export interface NamingEntry {
  name: string;
  /** The MCP server the tool comes from, when there is one. */
  namespace?: string;
}

export interface ExposedName {
  exposedName: string;
  /** Set when `exposedName` is not the tool's own name. */
  reason?: ToolRenameReason;
}

export interface NamingOptions {
  collisions: 'prefix-all' | 'first-keeps';
  /** Namespaces whose `<prefix>__` only their own tools may start with. @default [] */
  namespaces?: readonly string[];
}

export function assignExposedNames(entries: readonly NamingEntry[], options: NamingOptions): ExposedName[] {
  const counts = new Map<string, number>();
  for (const { name } of entries) counts.set(name, (counts.get(name) ?? 0) + 1);
  const prefixes = (options.namespaces ?? []).map((namespace) => namespacePrefix(namespace) + namespaceSeparator);
  const wanted = entries.map(({ name, namespace }): ToolRenameReason | undefined => {
    if (isReservedToolName(name)) return 'reserved';
    if (!isProviderToolName(name)) return 'invalid-name';
    const own = namespace === undefined ? undefined : namespacePrefix(namespace) + namespaceSeparator;
    if (prefixes.some((prefix) => prefix !== own && name.startsWith(prefix))) return 'namespace';
    if (options.collisions === 'prefix-all' && (counts.get(name) ?? 0) > 1) return 'collision';
    return undefined;
  });
  const taken = new Set<string>();
  const result: ExposedName[] = entries.map(() => ({ exposedName: '' }));
  // Pass 1: names kept as they are, in order (with 'first-keeps', a later holder is renamed).
  entries.forEach(({ name }, index) => {
    if (wanted[index] !== undefined) return;
    if (taken.has(name)) wanted[index] = 'collision';
    else {
      taken.add(name);
      result[index] = { exposedName: name };
    }
  });
  // Pass 2: renamed tools, in order, each to the first free name.
  entries.forEach(({ name, namespace }, index) => {
    const reason = wanted[index];
    if (reason === undefined) return;
    const prefix = namespace === undefined ? '' : namespacePrefix(namespace) + namespaceSeparator;
    const own = toProviderToolName(name, Infinity);
    const base = (own.startsWith(prefix) ? own : prefix + own).slice(0, maxBaseLength);
    let exposedName = base;
    for (let suffix = 2; taken.has(exposedName) || isReservedToolName(exposedName); suffix += 1) exposedName = `${base}_${suffix}`;
    taken.add(exposedName);
    result[index] = { exposedName, reason };
  });
  return result;
}
