/**
 * A store that masks known secrets (a `SecretMasker`: every encoding) in each run's metadata and
 * record before they reach the database: what the CLI and `reins worker` write.
 */
import type { SecretMasker } from './secret-masker.ts';
import type { Store } from './store.ts';

export function maskedStore(store: Store, mask: SecretMasker): Store {
  const claimRun = store.claimRun?.bind(store);
  return {
    createRun: (meta) => store.createRun(mask.value(meta)),
    appendStep: (runId, record) => store.appendStep(runId, mask.value(record)),
    loadRun: (id) => store.loadRun(id),
    listRuns: (options) => store.listRuns(options),
    markStatus: (id, status) => store.markStatus(id, status),
    resolveId: (prefix) => store.resolveId(prefix),
    ...(claimRun ? { claimRun } : {}),
    close: () => store.close(),
  };
}
