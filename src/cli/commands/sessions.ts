/** `reins sessions`: the stored runs, newest first. */
import type { Command } from 'commander';
import { Option } from 'commander';
import picocolors from 'picocolors';
import { existsSync } from 'node:fs';
import type { SessionStatus } from '../../sessions/run-record.ts';
import { ownedByAnother } from '../../sessions/run-owner.ts';
import { defaultSessionsPath } from '../../sessions/sqlite-store.ts';
import { colorEnabled, shorten } from '../render/trace.ts';
import { openStore } from '../setup/open-store.ts';
import { positiveInteger } from '../setup/run-flags.ts';

const STATUSES = ['running', 'waiting-user', 'answered', 'failed', 'cancelled'] as const;

export function registerSessions(program: Command): void {
  program
    .command('sessions')
    .description('List stored runs, newest first (running and waiting-user runs can be resumed)')
    .option('--store <path>', 'the sessions database')
    .option('--limit <n>', 'how many runs', positiveInteger, 20)
    .addOption(new Option('--status <status>', 'only runs with this status').choices(STATUSES))
    .option('--json', 'the runs as JSON on stdout', false)
    .action(async (flags: { store?: string; limit: number; status?: SessionStatus; json: boolean }) => {
      const path = flags.store ?? defaultSessionsPath();
      if (flags.store === undefined && !existsSync(path)) {
        return void process.stdout.write(flags.json ? '[]\n' : `No runs stored in ${path} yet. Try: reins demo\n`);
      }
      const store = openStore(path, 'read');
      try {
        const runs = await store.listRuns({ limit: flags.limit, ...(flags.status ? { status: flags.status } : {}) });
        if (flags.json) return void process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
        if (runs.length === 0) return void process.stdout.write(`No runs stored in ${store.path} yet. Try: reins demo\n`);
        const c = picocolors.createColors(colorEnabled(process.stdout, process.env));
        for (const run of runs) {
          const when = run.updatedAt.replace('T', ' ').slice(0, 19);
          const owner = ownedByAnother(run.owner) ? c.yellow(` (in use by pid ${run.owner.pid} on ${run.owner.host})`) : '';
          process.stdout.write(`${c.bold(run.id.slice(0, 8))}  ${run.status.padEnd(12)}  ${c.dim(when)}  ${shorten(run.question, 60)}${owner}\n`);
        }
      } finally {
        await store.close();
      }
    });
}
