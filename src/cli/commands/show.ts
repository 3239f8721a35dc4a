/** `reins show <id>`: the full transcript of a stored run (`--json`: the run and all its records). */
import type { Command } from 'commander';

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('Show the full transcript of a stored run')
    .argument('<id>', 'the run id (or its first characters), from `reins sessions`')
    .option('--store <path|url>', 'the sessions database: an SQLite file or a postgres:// URL (default: REINS_STORE)')
    .option('--json', 'the run and its records as JSON on stdout', false)
    .action(async (idPrefix: string, flags: { store?: string; json: boolean }) => {
      const [{ renderTranscript }, { openStore }, { SecretMask }] = await Promise.all([
        import('../render/transcript.ts'),
        import('../setup/open-store.ts'),
        import('../setup/secret-mask.ts'),
      ]);
      const store = openStore(flags.store, 'read');
      try {
        const run = await store.loadRun(await store.resolveId(idPrefix));
        const mask = SecretMask.from(process.env);
        process.stdout.write(flags.json ? `${JSON.stringify(mask.value(run), null, 2)}\n` : `${mask.display(renderTranscript(run))}\n`);
      } finally {
        await store.close();
      }
    });
}
