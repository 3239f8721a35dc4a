/** `reins run "<question>"`: one agent run with the configured MCP servers and model. */
import type { Command } from 'commander';
import { ConfigError } from '../../errors/config-error.ts';
import { addRunFlags, type RunFlags } from '../setup/run-flags.ts';
import type { ProtocolName } from '../../protocols/codec.ts';
import { settingsFromFlags } from '../setup/session-settings.ts';

export function registerRun(program: Command, finish: (code: number) => void): void {
  addRunFlags(program.command('run').description('Answer a question with an agent: tools from MCP servers, one validated decision per turn'))
    .argument('<question>', 'what to ask the agent')
    .option('--queue', 'submit the run to the workers (reins worker) of the Postgres store and follow it', false)
    .option('--detach', 'with --queue: print the run id and return at once', false)
    .action(async (question: string, flags: RunFlags & { queue: boolean; detach: boolean }) => {
      if (flags.queue || flags.detach) return finish(await queued(question, flags));
      const [{ runSession }, { loadToolConfig }, { openStore }, { defaultModelString }, { recommendedProtocol }] = await Promise.all([
        import('../run-session.ts'),
        import('../setup/load-tool-config.ts'),
        import('../setup/open-store.ts'),
        import('../setup/pick-model.ts'),
        import('../setup/recommended-protocol.ts'),
      ]);
      const { config, sources } = await loadToolConfig(flags.config, flags.server);
      const modelString = await defaultModelString(flags.model, process.env);
      // `auto` takes the protocol `reins eval` measured best for this model, when one is stored.
      const recommended = flags.protocol === 'auto' ? await recommendedProtocol(modelString, flags.store) : undefined;
      const settings = settingsFromFlags(flags);
      const store = openStore(flags.store);
      try {
        const code = await runSession(
          {
            target: { kind: 'new', question },
            modelString,
            protocol: recommended?.protocol ?? (flags.protocol as ProtocolName | 'auto'),
            ...(recommended ? { banner: [recommended.note] } : {}),
            config,
            meta: { ...sources, ...settings },
            settings,
            json: flags.json,
            input: flags.input,
          },
          store,
        );
        finish(code);
      } finally {
        await store.close();
      }
    });
}

/** `--queue`: the run goes to the workers; this process only submits and follows it. */
async function queued(question: string, flags: RunFlags & { detach: boolean }): Promise<number> {
  const [{ followQueuedRun }, { loadToolConfig }, { isPostgresUrl }, { modelStringOf }, { SecretMask }] = await Promise.all([
    import('../follow-queued-run.ts'),
    import('../setup/load-tool-config.ts'),
    import('../../sessions/postgres-store.ts'),
    import('../setup/pick-model.ts'),
    import('../setup/secret-mask.ts'),
  ]);
  const url = flags.store ?? (process.env.REINS_STORE || undefined);
  if (!isPostgresUrl(url)) throw new ConfigError('--queue needs the Postgres store the workers use.', { hint: 'Give --store postgres://user@host/db (or set REINS_STORE).' });
  const { config, sources } = await loadToolConfig(flags.config, flags.server);
  const modelString = modelStringOf(flags.model, process.env);
  return followQueuedRun({
    url,
    question,
    meta: {
      model: modelString,
      protocol: flags.protocol as ProtocolName | 'auto',
      config: { ...sources, ...settingsFromFlags(flags) },
    },
    json: flags.json,
    detach: flags.detach,
    mask: SecretMask.from(process.env, config, { modelString }),
  });
}
