/**
 * `reins resume <id>`: continues a stored run from its last committed step, with the servers,
 * model and approval mode it started with (each can be overridden). Tool calls that were in flight
 * are reported to the model as interrupted; a question waiting for the human is asked again.
 * A run another live process is continuing is refused (`SessionInUseError`, exit 2) unless
 * `--force`. Limits (`--max-steps`, `--max-retries`, `--max-tokens`, `--max-duration`) may be
 * raised: a run stopped by `maxSteps` goes on only with a higher one. Secrets are never stored, so a run started with one on a `--server` line or in the
 * model URL needs that flag given again.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { ConfigError } from '../../errors/config-error.ts';
import type { ProtocolName } from '../../protocols/codec.ts';
import type { SessionRequest } from '../run-session.ts';
import { APPROVAL_MODES, type ApprovalMode } from '../setup/approval-mode.ts';
import { addOutputFlags, addToolFlags, positiveInteger, type RunFlags } from '../setup/run-flags.ts';
import { resumedSettings } from '../setup/session-settings.ts';

interface LimitFlags {
  maxRetries?: number;
  maxTokens?: number;
  maxDuration?: number;
}

function limitsOf(flags: LimitFlags): NonNullable<SessionRequest['limits']> {
  return {
    ...(flags.maxRetries === undefined ? {} : { maxRetries: flags.maxRetries }),
    ...(flags.maxTokens === undefined ? {} : { maxTokens: flags.maxTokens }),
    ...(flags.maxDuration === undefined ? {} : { maxDurationMs: flags.maxDuration * 1000 }),
  };
}

function nonNegativeInteger(value: string): number {
  return value.trim() === '0' ? 0 : positiveInteger(value);
}

export function registerResume(program: Command, finish: (code: number) => void): void {
  addOutputFlags(addToolFlags(program.command('resume').description('Continue a run that was interrupted or is waiting for you')))
    .argument('<id>', 'the run id (or its first characters), from `reins sessions`')
    .option('--model <provider:model>', 'use another model than the run started with')
    .option('--max-steps <n>', 'model turns in all, before the resume included, before the run fails (default: as started, else 20)', positiveInteger)
    .option('--max-retries <n>', 'corrections of invalid model output per turn (default: 3)', nonNegativeInteger)
    .option('--max-tokens <n>', 'tokens in all, before the resume included, before the run fails (default: no limit)', positiveInteger)
    .option('--best-effort', 'after a limit, one last turn without tools for a best-effort answer (default: as started, else on for xml)')
    .option('--no-best-effort', 'no best-effort last turn, also for xml')
    .option('--no-prompt-cache', 'send no prompt cache markers or key (default: as started, else on)')
    .option('--max-duration <seconds>', 'time for the resumed part of the run before it fails (default: no limit)', positiveInteger)
    .addOption(new Option('--approve <mode>', 'tools that need approval (default: as started)').choices(APPROVAL_MODES))
    .option('--force', 'take the run over even if another process seems to be continuing it', false)
    .action(async (idPrefix: string, flags: Omit<RunFlags, 'approve'> & { approve?: ApprovalMode; force: boolean } & LimitFlags) => {
      const [{ usedReplies }, { containsRedacted }, { runSession }, { loadToolConfig }, { openStore }, { readSavedSession }, { savedToolConfig }, { modelStringOf }] = await Promise.all([
        import('../../sessions/run-records/resume-plan.ts'),
        import('../../sessions/redact.ts'),
        import('../run-session.ts'),
        import('../setup/load-tool-config.ts'),
        import('../setup/open-store.ts'),
        import('../setup/saved-session.ts'),
        import('../setup/saved-tool-config.ts'),
        import('../setup/pick-model.ts'),
      ]);
      const store = openStore(flags.store, 'existing');
      try {
        const runId = await store.resolveId(idPrefix);
        const stored = await store.loadRun(runId);
        if (stored.summary.status === 'answered') throw new ConfigError(`Run ${runId} already ended with an answer; see it with \`reins show ${runId}\`.`);
        await store.claimRun(runId, { force: flags.force });
        const saved = readSavedSession(runId, stored.meta);
        const overrides = flags.config !== undefined || flags.server.length > 0;
        if (!overrides && containsRedacted(saved.servers ?? [])) {
          throw new ConfigError(`Run ${runId} was started with a secret on a --server line, and secrets are never stored.`, {
            hint: 'Give the same --server line(s) again (or --config), e.g. reins resume <id> --server "...".',
          });
        }
        if (!flags.model && containsRedacted(stored.meta.model ?? '')) {
          throw new ConfigError(`Run ${runId} was started with a secret in its model string, and secrets are never stored.`, {
            hint: 'Give the same --model again.',
          });
        }
        const config = overrides
          ? (await loadToolConfig(flags.config, flags.server)).config
          : await savedToolConfig(saved);
        const modelString = flags.model ? modelStringOf(flags.model, process.env) : (stored.meta.model ?? modelStringOf(undefined, process.env));
        const replies = usedReplies(stored.records);
        const code = await runSession(
          {
            target: { kind: 'resume', runId },
            modelString,
            protocol: (stored.summary.protocol ?? 'auto') as ProtocolName | 'auto',
            replayFrom: modelString.startsWith('replay:') ? replies : 0,
            config,
            meta: stored.meta.config ?? {},
            settings: resumedSettings(flags, saved),
            limits: limitsOf(flags),
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
