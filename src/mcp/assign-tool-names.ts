/**
 * Names of MCP tools in one toolbox: a tool keeps its own name unless it is reserved, collides
 * with another server's tool, or poses as another server's (`<server>__...`); then it becomes
 * `<server>__<tool>` (the server part reduced to the characters providers accept). The rules and
 * their order live in `assignExposedNames` (src/tools); this file keeps the MCP vocabulary.
 */
import { assignExposedNames, namespacePrefix, namespaceSeparator, type ExposedName } from '../tools/assign-exposed-names.ts';

export const serverSeparator = namespaceSeparator;

export function serverPrefix(server: string): string {
  return namespacePrefix(server);
}

/** Pairs each entry with the name its tool has in the toolbox (and why, when renamed). `servers`: every server, in config order. */
export function assignToolNames<E extends { server: string; tool: { name: string } }>(entries: E[], servers: readonly string[]): Array<E & ExposedName> {
  const names = assignExposedNames(
    entries.map(({ server, tool }) => ({ name: tool.name, namespace: server })),
    { collisions: 'prefix-all', namespaces: servers },
  );
  return entries.map((entry, index) => ({ ...entry, ...names[index]! }));
}
