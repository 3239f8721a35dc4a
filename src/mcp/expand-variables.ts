/**
 * `${VAR}`, `${VAR:-default}` (Claude Code) and `${env:VAR}` (VS Code) in config strings, so a
 * config can name secrets without containing them.
 */
const pattern = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export type ExpandResult = { success: true; value: string } | { success: false; missing: string[] };

/** Replaces variables from `env`; reports every variable that is unset and has no default. */
export function expandVariables(text: string, env: Record<string, string | undefined>): ExpandResult {
  const missing: string[] = [];
  const value = text.replace(pattern, (_match, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined) return found;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return '';
  });
  return missing.length > 0 ? { success: false, missing } : { success: true, value };
}
