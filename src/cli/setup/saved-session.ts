/**
 * What `reins run` and `reins demo` keep in `RunMeta.config` so `reins resume` can start the run
 * again the same way. Read back through a schema: a field of another shape is a
 * CorruptSessionError, never a cast.
 */
import { z } from 'zod';
import { CorruptSessionError } from '../../errors/corrupt-session-error.ts';
import { describeIssues } from '../../sessions/read-run-meta.ts';
import type { RunMeta } from '../../sessions/run-records/run-record.ts';
import { APPROVAL_MODES } from './approval-mode.ts';

const savedSessionSchema = z.object({
  configPath: z.string().optional(),
  servers: z.array(z.string()).optional(),
  demo: z.string().optional(),
  approve: z.enum(APPROVAL_MODES).optional(),
  maxSteps: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  bestEffort: z.boolean().optional(),
  promptCache: z.boolean().optional(),
});

export type SavedSession = z.infer<typeof savedSessionSchema>;

export function readSavedSession(runId: string, meta: RunMeta): SavedSession {
  const result = savedSessionSchema.safeParse(meta.config ?? {});
  if (!result.success) throw new CorruptSessionError(runId, describeIssues(result.error, 'config'), { cause: result.error });
  return result.data;
}
