/**
 * The checks of the terminal-assistant demo: a command line is accepted only when it is one
 * allow-listed, harmless program with plain arguments that stay inside the sandbox folder.
 * Nothing goes through a shell: the line is split on whitespace and run with `execFile`.
 */
export const ALLOWED_COMMANDS = ['ls', 'pwd', 'cat', 'head', 'wc', 'date', 'echo', 'whoami', 'uname'] as const;

/** Shell syntax that would redirect, chain, substitute or expand. */
const SHELL_SYNTAX = /[|&;<>`$(){}*?~\\'"\n\r]/;

export type CommandCheck = { ok: true; program: string; args: string[] } | { ok: false; reason: string };

export function checkReadOnlyCommand(commandLine: string): CommandCheck {
  const syntax = SHELL_SYNTAX.exec(commandLine);
  if (syntax) {
    return { ok: false, reason: `"${syntax[0]}" is not allowed: no pipes, redirection, chaining, quoting or expansion.` };
  }
  const [program, ...args] = commandLine.trim().split(/\s+/).filter(Boolean);
  if (!program) return { ok: false, reason: 'The command is empty.' };
  if (!(ALLOWED_COMMANDS as readonly string[]).includes(program)) {
    return { ok: false, reason: `"${program}" is not allowed. Allowed commands: ${ALLOWED_COMMANDS.join(', ')}.` };
  }
  const escaping = args.find((arg) => arg.startsWith('/') || arg.split('/').includes('..'));
  if (escaping) return { ok: false, reason: `"${escaping}" leaves the sandbox folder: use relative paths inside it.` };
  return { ok: true, program, args };
}
