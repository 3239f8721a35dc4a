/**
 * The rules for tool names, in one place:
 * - the names reins keeps for its own decisions offered as tools (`ask_user`, `answer_user`: native
 *   tool calls, xml's pseudo-tool). No real tool may carry them in any protocol: a server tool with
 *   such a name would receive the final answer or the questions meant for the human. Toolboxes
 *   rename such tools (MCP: `<server>__answer_user`), and `defineTool` refuses them;
 * - the names providers accept in a native tool list (OpenAI, Anthropic: 1-64 of `[A-Za-z0-9_-]`),
 *   and the one way reins reduces any other name to that alphabet: used when a toolbox renames a
 *   tool (`assignExposedNames`) and when a model's invalid call is echoed back into a history
 *   (`reins/server` correction turns).
 */

export const reservedToolNames: readonly string[] = ['ask_user', 'answer_user'];

export function isReservedToolName(name: unknown): boolean {
  return typeof name === 'string' && reservedToolNames.includes(name);
}

const providerToolName = /^[A-Za-z0-9_-]{1,64}$/;

/** Longest name providers accept. */
export const maxProviderToolNameLength = 64;

/** The name used when nothing of a name is left (no letter or digit). */
export const placeholderToolName = 'tool';

export function isProviderToolName(name: string): boolean {
  return providerToolName.test(name);
}

/**
 * `name` itself when providers accept it; else `name` with every other character replaced by `_`,
 * at most `maxLength` long, or the placeholder when no letter or digit is left.
 */
export function toProviderToolName(name: string, maxLength: number = maxProviderToolNameLength): string {
  if (isProviderToolName(name) && name.length <= maxLength) return name;
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, maxLength);
  return /[A-Za-z0-9]/.test(safe) ? safe : placeholderToolName;
}

/** A namespace (an MCP server's name) reduced to the same alphabet, for a `<namespace>__` prefix. */
export function toProviderNamespace(namespace: string): string {
  return namespace.replace(/[^A-Za-z0-9_-]/g, '_');
}
