/**
 * The settings a CLI session runs with, assembled in one place for `reins run`, `reins resume` and
 * the queue's workers: taken from the flags (run), from the run's saved session overridden by the
 * flags (resume) or from the saved session alone (workers), kept in `RunMeta.config`, and turned into
 * the agent's options.
 */
import type { AgentOptions } from '../../loop/agent-options.ts';
import type { McpConfig } from '../../mcp/mcp-config.ts';
import { approvalFor } from './approval-mode.ts';
import type { RunFlags } from './run-flags.ts';
import type { SavedSession } from './saved-session.ts';

/** What reins keeps of a session's settings (`promptCache` only when off). */
export type SessionSettings = Pick<SavedSession, 'approve' | 'maxSteps' | 'maxOutputTokens' | 'bestEffort' | 'promptCache'>;

/** The flags that set a session's settings; `approve` is unset on `reins resume` without `--approve`. */
export type SettingsFlags = Pick<RunFlags, 'maxSteps' | 'maxOutputTokens' | 'bestEffort'> & { approve?: RunFlags['approve']; promptCache?: boolean };

/** The settings the flags give, with only what they set. */
export function settingsFromFlags(flags: SettingsFlags): SessionSettings {
  return {
    ...(flags.approve === undefined ? {} : { approve: flags.approve }),
    ...(flags.maxSteps ? { maxSteps: flags.maxSteps } : {}),
    ...(flags.maxOutputTokens ? { maxOutputTokens: flags.maxOutputTokens } : {}),
    ...(flags.bestEffort === undefined ? {} : { bestEffort: flags.bestEffort }),
    ...(flags.promptCache === false ? { promptCache: false } : {}),
  };
}

/** `reins resume`: the settings the run started with, each flag given overriding its own. */
export function resumedSettings(flags: SettingsFlags, saved: SavedSession): SessionSettings {
  const given = settingsFromFlags(flags);
  return settingsFromFlags({
    approve: given.approve ?? saved.approve,
    maxSteps: given.maxSteps ?? saved.maxSteps,
    maxOutputTokens: given.maxOutputTokens ?? saved.maxOutputTokens,
    bestEffort: given.bestEffort ?? saved.bestEffort,
    promptCache: given.promptCache ?? saved.promptCache,
  });
}

/** The agent options the settings set; approval follows `ask` when the settings name no mode. */
export function agentSettings(
  settings: SessionSettings,
  config: McpConfig,
): Pick<AgentOptions, 'approval' | 'maxSteps' | 'maxOutputTokens' | 'bestEffortAnswer' | 'promptCache'> {
  return {
    approval: approvalFor(settings.approve ?? 'ask', config),
    ...(settings.maxSteps ? { maxSteps: settings.maxSteps } : {}),
    ...(settings.maxOutputTokens ? { maxOutputTokens: settings.maxOutputTokens } : {}),
    ...(settings.bestEffort === undefined ? {} : { bestEffortAnswer: settings.bestEffort }),
    ...(settings.promptCache === false ? { promptCache: false } : {}),
  };
}
