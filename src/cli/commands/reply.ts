/**
 * `reins reply <id> <answer>`: answers a durable run that waits for the human (an `ask_user`
 * question, or an approval: `yes` approves, anything else refuses), from any machine that reaches
 * its Postgres database. The run resumes in whichever worker holds it. Exit 2 when the run waits
 * for nothing (nothing is sent) or the store is not Postgres.
 */
import type { Command } from 'commander';

export function registerReply(program: Command): void {
  program
    .command('reply')
    .description('Answer a durable run waiting for a reply (a question, or an approval: yes / no)')
    .argument('<id>', 'the run id (or its first characters), from `reins sessions`')
    .argument('<answer>', 'the reply; for an approval, yes approves and anything else refuses')
    .option('--store <url>', 'the Postgres database of the durable runs: a postgres:// URL (default: REINS_STORE)')
    .action(async (idPrefix: string, answer: string, flags: { store?: string }) => {
      const [{ ConfigError }, { isPostgresUrl, PostgresStore }, { replyToRun }] = await Promise.all([
        import('../../errors/config-error.ts'),
        import('../../sessions/postgres-store.ts'),
        import('../../durable/reply-to-run.ts'),
      ]);
      const url = flags.store ?? (process.env.REINS_STORE || undefined);
      if (!isPostgresUrl(url)) {
        throw new ConfigError('Durable runs live in Postgres: give --store postgres://... (or set REINS_STORE).');
      }
      const store = new PostgresStore({ url });
      try {
        const runId = await store.resolveId(idPrefix);
        const waiting = await replyToRun(url, runId, answer);
        const what = waiting.kind === 'question' ? `question "${waiting.question.question}"` : `approval of ${waiting.tool}`;
        process.stdout.write(`Replied to the ${what} of run ${runId}.\n`);
      } finally {
        await store.close();
      }
    });
}
