/**
 * The options `reins run`, `resume` and `demo` share, declared once for commander.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { APPROVAL_MODES, type ApprovalMode } from './approval-mode.ts';
import { protocolNames, type ProtocolChoice } from '../../protocols/protocol-names.ts';

export type { ProtocolChoice };

const PROTOCOL_CHOICES: readonly ProtocolChoice[] = ['auto', ...protocolNames];

/** What commander hands the actions (camelCase). `input` is false with `--no-input`. */
export interface RunFlags {
  config?: string;
  server: string[];
  model?: string;
  protocol: ProtocolChoice;
  maxSteps?: number;
  /** `--max-output-tokens`: output tokens per model turn; unset: the model's default (`llama:` from its context size), else 4 096. */
  maxOutputTokens?: number;
  /** `--best-effort` / `--no-best-effort`; unset: the protocol's default (on for xml). */
  bestEffort?: boolean;
  /** False with `--no-prompt-cache`. */
  promptCache: boolean;
  approve: ApprovalMode;
  json: boolean;
  input: boolean;
  store?: string;
}

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number >= 1.');
  return parsed;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addToolFlags(command: Command): Command {
  return command
    .option('--config <file>', 'MCP config file in the mcpServers format (default: .mcp.json when present)')
    .option('--server <command line>', 'an MCP server over stdio, e.g. "npx -y @modelcontextprotocol/server-memory" (repeatable)', collect)
    // No default in the option itself: commander would print `(default: [])` in the help.
    .hook('preAction', (command) => {
      if (command.getOptionValue('server') === undefined) command.setOptionValue('server', []);
    });
}

export function addOutputFlags(command: Command): Command {
  return command
    .option('--json', 'JSON Lines events on stdout, for scripts', false)
    .option('--no-input', 'never wait for the human: questions get "no user", approvals are refused')
    .option('--store <path|url>', 'the sessions database: an SQLite file or a postgres:// URL (default: REINS_STORE, else REINS_SESSIONS_DB, else the user data folder)');
}

export function addRunFlags(command: Command, protocols: readonly string[] = PROTOCOL_CHOICES): Command {
  return addOutputFlags(addToolFlags(command))
    .option('--model <provider:model>', 'e.g. openai:gpt-4.1-mini, ollama:qwen3:4b, llama:<file.gguf>, replay:<file> (default: REINS_MODEL, else ollama:qwen3:4b, else the newest pulled model when Ollama is not running)')
    .addOption(new Option('--protocol <name>', 'the wire protocol the model speaks').choices(protocols).default('auto'))
    .option('--max-steps <n>', 'model turns before the run fails (default 20)', positiveInteger)
    .option('--max-output-tokens <n>', 'output tokens per model turn: a longer reply is cut and corrected (default: the model\'s, llama: a quarter of its context up to 1024, else 4096)', positiveInteger)
    .option('--best-effort', 'after a limit (max steps, a loop, retries), one last turn without tools for a best-effort answer (default: on for xml)')
    .option('--no-best-effort', 'no best-effort last turn, also for xml')
    .option('--no-prompt-cache', "send no prompt cache markers or key (by default the provider may cache each turn's repeated prefix)")
    .addOption(new Option('--approve <mode>', 'tools that need approval: ask the human, always run, or never run').choices(APPROVAL_MODES).default('ask'));
}
