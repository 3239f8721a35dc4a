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
import type { ResumeFlags } from '../resume-stored-run.ts';
import { APPROVAL_MODES } from '../setup/approval-mode.ts';
import { addOutputFlags, addToolFlags, positiveInteger } from '../setup/run-flags.ts';

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
    .option('--max-output-tokens <n>', 'output tokens per model turn (default: as started, else the model\'s: llama: a quarter of its context up to 1024, else 4096)', positiveInteger)
    .option('--best-effort', 'after a limit, one last turn without tools for a best-effort answer (default: as started, else on for xml)')
    .option('--no-best-effort', 'no best-effort last turn, also for xml')
    .option('--no-prompt-cache', 'send no prompt cache markers or key (default: as started, else on)')
    .option('--max-duration <seconds>', 'time for the resumed part of the run before it fails (default: no limit)', positiveInteger)
    .addOption(new Option('--approve <mode>', 'tools that need approval (default: as started)').choices(APPROVAL_MODES))
    .option('--force', 'take the run over even if another process seems to be continuing it', false)
    .action(async (idPrefix: string, flags: ResumeFlags) => {
      const { resumeStoredRun } = await import('../resume-stored-run.ts');
      finish(await resumeStoredRun(idPrefix, flags));
    });
}
