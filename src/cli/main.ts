/**
 * The `reins` command: parses the arguments (commander) and runs one subcommand. Returns the exit
 * code (see exit-codes.ts); usage errors are 2, errors thrown by a command map by their fault.
 */
import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { registerAuth } from './commands/auth.ts';
import { registerDemo } from './commands/demo.ts';
import { registerEval } from './commands/eval.ts';
import { registerModels } from './commands/models.ts';
import { registerReply } from './commands/reply.ts';
import { registerResume } from './commands/resume.ts';
import { registerRun } from './commands/run.ts';
import { registerSessions } from './commands/sessions.ts';
import { registerShow } from './commands/show.ts';
import { registerTools } from './commands/tools.ts';
import { registerUi } from './commands/ui.ts';
import { registerWorker } from './commands/worker.ts';
import { ExitCode, exitCodeForError } from './exit-codes.ts';
import { SecretMask } from './setup/secret-mask.ts';
import { describeThrown } from '../errors/describe-thrown.ts';

const EXIT_CODES_HELP = `
Exit codes: 0 answered (or done), 1 failed, 2 usage or configuration error, 3 no model reachable, 130 cancelled.
Sessions are kept in SQLite (--store, REINS_STORE, REINS_SESSIONS_DB, else the user data folder) or Postgres (--store postgres://...).
Try it offline: reins demo --protocol line|json|envelope|xml|native`;

/**
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP end reins with 130 (cancelled) wherever it is. A command that
 * handles them itself (a run cancels cleanly first) adds its own listener; this one then only acts
 * when it is the only listener. Exiting runs the 'exit' hooks that end the MCP servers' process groups.
 */
let signalsHandled = false;
function exitOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(ExitCode.cancelled);
    });
  }
}

/**
 * A reader that stops reading (`reins run --json … | head -3`) closes the pipe: the next write fails
 * with EPIPE. reins then ends quietly, as Unix tools do, instead of crashing on the unhandled error;
 * exiting still runs the 'exit' hooks that end the MCP servers.
 */
function exitWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') > 0) continue;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(ExitCode.answered);
      throw error;
    });
  }
}

export async function main(argv: readonly string[] = process.argv): Promise<number> {
  exitOnSignals();
  exitWhenOutputCloses();
  let code: number = ExitCode.answered;
  const finish = (result: number) => {
    code = result;
  };
  const program = new Command('reins')
    .description('Run LLM agents on a tight rein: one validated decision per turn, any model, real MCP tools.')
    .version(packageJson.version)
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES_HELP);
  registerRun(program, finish);
  registerTools(program, finish);
  registerAuth(program, finish);
  registerEval(program, finish);
  registerSessions(program);
  registerShow(program);
  registerResume(program, finish);
  registerReply(program);
  registerDemo(program, finish);
  registerUi(program);
  registerModels(program);
  registerWorker(program);
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.answered : ExitCode.usage;
    const message = describeThrown(error);
    process.stderr.write(`reins: ${SecretMask.from(process.env).display(message)}\n`);
    return exitCodeForError(error);
  }
}
