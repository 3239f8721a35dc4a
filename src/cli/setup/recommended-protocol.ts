/**
 * `reins run --protocol auto`: the protocol `reins eval` recommended for this model, when the
 * sessions store holds an eval of it that ran to its end. A replay, or a store that cannot be read,
 * leaves `auto` to its rule (native with tool calling, else json).
 */
import type { ProtocolName } from '../../protocols/protocol-names.ts';
import { openEvalStore } from './open-eval-store.ts';

export interface RecommendedProtocol {
  protocol: ProtocolName;
  /** The line that says where the choice came from. */
  note: string;
}

export async function recommendedProtocol(modelString: string, store: string | undefined): Promise<RecommendedProtocol | undefined> {
  if (modelString.startsWith('replay:')) return undefined;
  let evals: ReturnType<typeof openEvalStore> | undefined;
  try {
    evals = openEvalStore(store, 'read');
    const found = await evals.recommendation(modelString);
    if (!found) return undefined;
    const grammar = found.grammar ? ' with its grammar' : '';
    return {
      protocol: found.protocol,
      note: `protocol auto: ${found.protocol}${grammar}, recommended for ${modelString} by reins eval ${found.evalId.slice(0, 8)} (${found.at.slice(0, 10)}, accuracy ${(found.accuracy * 100).toFixed(1)}%)`,
    };
  } catch {
    // No store yet, or one that cannot be read: `auto` keeps its own rule.
    return undefined;
  } finally {
    await evals?.close().catch(() => undefined);
  }
}
