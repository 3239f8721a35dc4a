/** Filtering and id matching shared by the stores. */
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import type { RunSummary } from './run-records/run-record.ts';
import type { ListRunsOptions } from './store.ts';

/** @default limit 50 */
export const DEFAULT_LIST_LIMIT = 50;

/** Applies `ListRunsOptions` to summaries: status filter, newest update first, limit. */
export function selectRuns(summaries: readonly RunSummary[], options: ListRunsOptions): RunSummary[] {
  const statuses = options.status === undefined ? undefined : [options.status].flat();
  return summaries
    .filter((summary) => !statuses || statuses.includes(summary.status))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt))
    .slice(0, options.limit ?? DEFAULT_LIST_LIMIT);
}

/** The single id starting with `prefix`; a `SessionNotFoundError` when none or several do. */
export function matchRunId(prefix: string, ids: Iterable<string>): string {
  const matches = [...ids].filter((id) => id.startsWith(prefix));
  if (prefix.length > 0 && matches.length === 1) return matches[0]!;
  throw new SessionNotFoundError(prefix, { candidates: matches });
}
