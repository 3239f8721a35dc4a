/**
 * The exit codes of `reins` (documented in docs/cli.md):
 * 0 answered, 1 failed, 2 usage or configuration error, 3 no model reachable, 130 cancelled.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { ModelConfigError } from '../errors/model-config-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import type { RunStatus } from '../spec/events.ts';

export const ExitCode = {
  answered: 0,
  failed: 1,
  usage: 2,
  noModel: 3,
  cancelled: 130,
} as const;

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when the error means no model can be used: bad model string, missing key, server unreachable, refused or unknown model. */
export function isNoModel(error: unknown): boolean {
  if (ModelConfigError.isInstance(error)) return true;
  if (!ModelCallError.isInstance(error)) return false;
  if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 404) return true;
  try {
    for (let cause: unknown = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 8; cause = (cause as { cause?: unknown }).cause, depth++) {
      const code = (cause as { code?: unknown }).code;
      if (typeof code === 'string' && unreachableCodes.has(code)) return true;
    }
  } catch {
    // A cause whose reads throw (whatever a model threw) says nothing about reaching the model.
  }
  return false;
}

export function exitCodeForError(error: unknown): number {
  if (isNoModel(error)) return ExitCode.noModel;
  if (!ReinsError.isInstance(error)) return ExitCode.failed;
  if (error.fault === 'cancelled') return ExitCode.cancelled;
  return error.fault === 'user' ? ExitCode.usage : ExitCode.failed;
}

export function exitCodeForRun(status: RunStatus, error: unknown): number {
  if (status === 'answered') return ExitCode.answered;
  if (status === 'cancelled') return ExitCode.cancelled;
  return isNoModel(error) ? ExitCode.noModel : ExitCode.failed;
}
