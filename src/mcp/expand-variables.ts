/**
 * `${VAR}`, `${VAR:-default}` (Claude Code) and `${env:VAR}` (VS Code) in config strings, so a
 * config can name secrets without containing them; and VS Code's own variables, so a
 * `.vscode/mcp.json` works as VS Code writes it: `${userHome}`, and `${input:<id>}`, which VS Code
 * prompts for and reins reads from the environment (the variable named `<id>`, or its upper-case
 * form: `api-key` -> `API_KEY`). `${workspaceFolder}` is the file's own: `loadMcpConfig` fills it.
 */
const pattern = /\$\{(?:input:([A-Za-z0-9_.-]+)|(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?)\}/g;

export type ExpandResult = { success: true; value: string } | { success: false; missing: string[] };

/** The environment variable an `${input:<id>}` may also be set by: `api-key` -> `API_KEY`. */
export function inputVariableName(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_').toUpperCase();
}

/** Replaces variables from `env`; reports every variable that is unset and has no default (an input as `input:<id>`). */
export function expandVariables(text: string, env: Record<string, string | undefined>): ExpandResult {
  const missing: string[] = [];
  const value = text.replace(pattern, (_match, input: string | undefined, name: string | undefined, fallback: string | undefined) => {
    if (input !== undefined) {
      const given = env[input] ?? env[inputVariableName(input)];
      if (given === undefined) missing.push(`input:${input}`);
      return given ?? '';
    }
    const variable = name ?? '';
    const found = env[variable] ?? (variable === 'userHome' ? (env.HOME ?? env.USERPROFILE) : undefined);
    if (found !== undefined) return found;
    if (fallback !== undefined) return fallback;
    missing.push(variable);
    return '';
  });
  return missing.length > 0 ? { success: false, missing } : { success: true, value };
}
