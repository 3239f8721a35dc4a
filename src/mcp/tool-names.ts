/**
 * Names of MCP tools in one toolbox: a tool keeps its own name unless another server has a tool
 * of the same name; then both become `<server>__<tool>` (the server part reduced to the
 * characters providers accept in tool names).
 */
export const serverSeparator = '__';

export function serverPrefix(server: string): string {
  return server.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Pairs each entry with the name its tool has in the toolbox. */
export function assignToolNames<E extends { server: string; tool: { name: string } }>(entries: E[]): Array<E & { exposedName: string }> {
  const counts = new Map<string, number>();
  for (const { tool } of entries) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  return entries.map((entry) => ({
    ...entry,
    exposedName:
      (counts.get(entry.tool.name) ?? 0) > 1 ? `${serverPrefix(entry.server)}${serverSeparator}${entry.tool.name}` : entry.tool.name,
  }));
}
