/**
 * The work of `reins resume <id>` (its flags are declared in `commands/resume.ts`): finds the stored
 * run, claims it, refuses what cannot be resumed (an answered run, a secret that was never stored),
 * and continues it as a session with the servers, model and settings it started with, each flag
 * given overriding its own.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { ProtocolName } from '../protocols/codec.ts';
import { containsRedacted } from '../sessions/redact.ts';
import { usedReplies } from '../sessions/run-records/resume-plan.ts';
import type { RunMeta, StoredRun } from '../sessions/run-records/run-record.ts';
import { runSession, type SessionRequest } from './run-session.ts';
import type { ApprovalMode } from './setup/approval-mode.ts';
import { loadToolConfig } from './setup/load-tool-config.ts';
import { openStore } from './setup/open-store.ts';
import { modelStringOf } from './setup/pick-model.ts';
import type { RunFlags } from './setup/run-flags.ts';
import { readSavedSession, type SavedSession } from './setup/saved-session.ts';
import { savedToolConfig } from './setup/saved-tool-config.ts';
import { resumedSettings } from './setup/session-settings.ts';

/** What commander hands `reins resume` (camelCase). */
export type ResumeFlags = Omit<RunFlags, 'approve'> & {
  approve?: ApprovalMode;
  force: boolean;
  maxRetries?: number;
  maxTokens?: number;
  maxDuration?: number;
};

/** Resumes the run `idPrefix` names; returns the exit code. */
export async function resumeStoredRun(idPrefix: string, flags: ResumeFlags): Promise<number> {
  const store = openStore(flags.store, 'existing');
  try {
    const runId = await store.resolveId(idPrefix);
    const stored = await store.loadRun(runId);
    if (stored.summary.status === 'answered') throw new ConfigError(`Run ${runId} already ended with an answer; see it with \`reins show ${runId}\`.`);
    await store.claimRun(runId, { force: flags.force });
    const saved = readSavedSession(runId, stored.meta);
    refuseMissingSecrets(runId, stored.meta, saved, flags);
    return await runSession(await resumeRequest(runId, stored, saved, flags), store);
  } finally {
    await store.close();
  }
}

/** Flags given on the command line instead of the stored servers. */
function overridesServers(flags: ResumeFlags): boolean {
  return flags.config !== undefined || flags.server.length > 0;
}

/** A secret that was masked before the run was stored must be given again: the run cannot go on without it. */
function refuseMissingSecrets(runId: string, meta: RunMeta, saved: SavedSession, flags: ResumeFlags): void {
  if (!overridesServers(flags) && containsRedacted(saved.servers ?? [])) {
    throw new ConfigError(`Run ${runId} was started with a secret on a --server line, and secrets are never stored.`, {
      hint: 'Give the same --server line(s) again (or --config), e.g. reins resume <id> --server "...".',
    });
  }
  if (!flags.model && containsRedacted(meta.model ?? '')) {
    throw new ConfigError(`Run ${runId} was started with a secret in its model string, and secrets are never stored.`, {
      hint: 'Give the same --model again.',
    });
  }
}

async function resumeRequest(runId: string, stored: StoredRun, saved: SavedSession, flags: ResumeFlags): Promise<SessionRequest> {
  const config = overridesServers(flags) ? (await loadToolConfig(flags.config, flags.server)).config : await savedToolConfig(saved);
  const modelString = flags.model ? modelStringOf(flags.model, process.env) : (stored.meta.model ?? modelStringOf(undefined, process.env));
  return {
    target: { kind: 'resume', runId },
    modelString,
    protocol: (stored.summary.protocol ?? 'auto') as ProtocolName | 'auto',
    // A replay continues its recording after the replies the run already holds.
    replayFrom: modelString.startsWith('replay:') ? usedReplies(stored.records) : 0,
    config,
    meta: stored.meta.config ?? {},
    settings: resumedSettings(flags, saved),
    limits: limitsOf(flags),
    json: flags.json,
    input: flags.input,
  };
}

function limitsOf(flags: ResumeFlags): NonNullable<SessionRequest['limits']> {
  return {
    ...(flags.maxRetries === undefined ? {} : { maxRetries: flags.maxRetries }),
    ...(flags.maxTokens === undefined ? {} : { maxTokens: flags.maxTokens }),
    ...(flags.maxDuration === undefined ? {} : { maxDurationMs: flags.maxDuration * 1000 }),
  };
}
