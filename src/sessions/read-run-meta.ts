/**
 * A run's metadata as read back from a database row: parsed and checked against the shape
 * `createRun` writes, so a damaged row is a CorruptSessionError instead of a cast that fails later.
 */
import { z } from 'zod';
import { CorruptSessionError } from '../errors/corrupt-session-error.ts';
import type { RunMeta } from './run-records/run-record.ts';

const runMetaSchema = z.object({
  question: z.string(),
  model: z.string().optional(),
  protocol: z.string().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  resumedFrom: z.string().optional(),
});

/** Each problem of a zod result as `path: message`. */
export function describeIssues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)'}: ${issue.message}`);
}

export function readRunMeta(runId: string, json: string): RunMeta {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (cause) {
    throw new CorruptSessionError(runId, ['its metadata is not JSON'], { cause });
  }
  const result = runMetaSchema.safeParse(value);
  if (!result.success) throw new CorruptSessionError(runId, describeIssues(result.error, 'meta'), { cause: result.error });
  return result.data as RunMeta;
}
