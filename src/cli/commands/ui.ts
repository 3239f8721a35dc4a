/**
 * `reins ui`: a local web viewer over the sessions store (an SQLite file or Postgres, read-only), on 127.0.0.1 only. The URL
 * it prints carries a random access token; on a terminal it is opened in the browser (`--no-open`
 * to only print it). Runs until Ctrl-C. The web server and its modules load only for this command.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';

/** A TCP port: 0 (any free one) to 65535. */
function portNumber(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65_535) throw new InvalidArgumentError('expected a port number from 0 (any free port) to 65535.');
  return parsed;
}

/** The system's "open this URL" command. */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`reins ui: could not open a browser; open ${url}\n`));
  child.unref();
}

export function registerUi(program: Command): void {
  program
    .command('ui')
    .description('Browse stored runs in a local web viewer (127.0.0.1 only, read-only)')
    .option('--store <path|url>', 'the sessions database: an SQLite file or a postgres:// URL (default: REINS_STORE, else REINS_SESSIONS_DB, else the user data folder)')
    .option('--port <n>', 'the port to listen on; 0 or none: a free one (printed with the URL)', portNumber)
    .option('--no-open', 'print the URL without opening a browser')
    .action(async (flags: { store?: string; port?: number; open: boolean }) => {
      const [{ startUi }, { defaultSessionsPath }, { isPostgresUrl }, { SecretMask }] = await Promise.all([
        import('../../ui/start-ui.ts'),
        import('../../sessions/sqlite-store.ts'),
        import('../../sessions/postgres-store.ts'),
        import('../setup/secret-mask.ts'),
      ]);
      const chosen = flags.store ?? (process.env.REINS_STORE || undefined);
      const location = isPostgresUrl(chosen) ? chosen : chosen === undefined ? defaultSessionsPath() : resolve(chosen);
      // What the viewer serves is masked as `reins show` prints it: runs written elsewhere (a worker) pass the same mask.
      const ui = await startUi({ location, secrets: SecretMask.from(process.env), ...(flags.port === undefined ? {} : { port: flags.port }) });
      process.stdout.write(`reins ui: ${ui.url}\n`);
      process.stderr.write('Read-only view of the stored runs; the token in the URL is the key. Ctrl-C stops it.\n');
      if (flags.open && process.stdout.isTTY) openInBrowser(ui.url);
      await new Promise<void>((done) => {
        const stop = () => {
          void ui.close().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
