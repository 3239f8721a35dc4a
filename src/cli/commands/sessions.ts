/**
 * `reins sessions`: the stored runs, newest first, with their status (`interrupted` for a run whose
 * process died), model and protocol. `--json` gives the same, plus `storedStatus` (what the store
 * holds: `running` or `waiting-user` for an interrupted run).
 */
import { terminalText } from '../render/terminal-text.ts';
import type { Command } from 'commander';
import { Option } from 'commander';
import picocolors from 'picocolors';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { listedStatus, type ListedStatus } from '../../sessions/listed-status.ts';
import type { RunSummary } from '../../sessions/run-records/run-record.ts';
import { ownedByAnother } from '../../sessions/owner-liveness.ts';
import { colorEnabled, shorten } from '../render/trace.ts';
import { positiveInteger } from '../setup/run-flags.ts';

const STATUSES = ['running', 'waiting-user', 'interrupted', 'answered', 'failed', 'cancelled'] as const;

/** A run as listed: its summary with the status to show and the one stored. */
function listed(run: RunSummary) {
  const { status, ...rest } = run;
  return { ...rest, status: listedStatus(run), storedStatus: status, model: run.model ?? null, protocol: run.protocol ?? null };
}

/** `replay:/long/path/file.json` as `replay:file.json`; other model strings as they are. */
const modelLabel = (model: string | null) => (model === null ? '-' : model.startsWith('replay:') ? `replay:${basename(model.slice(7))}` : model);

export function registerSessions(program: Command): void {
  program
    .command('sessions')
    .description('List stored runs, newest first (running and waiting-user runs can be resumed)')
    .option('--store <path|url>', 'the sessions database: an SQLite file or a postgres:// URL (default: REINS_STORE)')
    .option('--limit <n>', 'how many runs', positiveInteger, 20)
    .addOption(new Option('--status <status>', 'only runs with this status (shown or stored)').choices(STATUSES))
    .option('--json', 'the runs as JSON on stdout', false)
    .action(async (flags: { store?: string; limit: number; status?: ListedStatus; json: boolean }) => {
      const [{ defaultSessionsPath }, { openStore }] = await Promise.all([import('../../sessions/sqlite-store.ts'), import('../setup/open-store.ts')]);
      const chosen = flags.store ?? (process.env.REINS_STORE || undefined);
      const path = chosen ?? defaultSessionsPath();
      if (chosen === undefined && !existsSync(path)) {
        return void process.stdout.write(flags.json ? '[]\n' : `No runs stored in ${path} yet. Try: reins demo\n`);
      }
      const store = openStore(path, 'read');
      try {
        const stored = flags.status === 'interrupted' ? ['running' as const, 'waiting-user' as const] : flags.status;
        const runs = (await store.listRuns({ limit: flags.limit, ...(stored ? { status: stored } : {}) }))
          .map(listed)
          .filter((run) => flags.status === undefined || run.status === flags.status || run.storedStatus === flags.status);
        if (flags.json) return void process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
        if (runs.length === 0) {
          const none = flags.status ? `No ${flags.status} runs in ${store.path}.` : `No runs stored in ${store.path} yet. Try: reins demo`;
          return void process.stdout.write(`${none}\n`);
        }
        const c = picocolors.createColors(colorEnabled(process.stdout, process.env));
        for (const run of runs) {
          const when = run.updatedAt.replace('T', ' ').slice(0, 19);
          const owner = ownedByAnother(run.owner) ? c.yellow(` (in use by pid ${run.owner.pid} on ${run.owner.host})`) : '';
          const model = shorten(modelLabel(run.model), 28).padEnd(28);
          const protocol = (run.protocol ?? '-').padEnd(8);
          const status = run.status === 'interrupted' ? c.yellow(run.status.padEnd(12)) : run.status.padEnd(12);
          process.stdout.write(`${c.bold(run.id.slice(0, 8))}  ${status}  ${c.dim(when)}  ${model}  ${protocol}  ${terminalText(shorten(run.question, 50))}${owner}\n`);
        }
      } finally {
        await store.close();
      }
    });
}
