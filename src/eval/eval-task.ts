/**
 * One single-turn function-calling task: a question, the functions offered (as reins tools, with the
 * names the task gives them), and what the judge accepts. BFCL entries become tasks through
 * `parse-tasks.ts`; a tasks file in the same format may leave the functions out, and the tools of the
 * configured MCP servers are offered instead.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { Expectation } from '../spec/eval-report.ts';

export interface EvalTask {
  id: string;
  /** BFCL's category (`simple`, `live_multiple`, `irrelevance`...), or `custom`. */
  category: string;
  /** The user's question. */
  question: string;
  /** System messages of the entry, placed before the protocol's instructions. */
  system?: string;
  /** The functions offered, named as the task names them. Undefined: the tools given to `evaluate` (MCP servers). */
  tools?: ToolSpec[];
  expected: Expectation;
}

/** The categories of BFCL v4's single-turn AST tasks, in the order reports list them. */
export const BFCL_CATEGORIES = [
  'simple',
  'multiple',
  'parallel',
  'parallel_multiple',
  'irrelevance',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
  'live_irrelevance',
  'live_relevance',
] as const;

/** Categories where the right answer is no call at all. */
export const NO_CALL_CATEGORIES: readonly string[] = ['irrelevance', 'live_irrelevance'];

/** Categories where any call is right (the call itself is not checked). */
export const ANY_CALL_CATEGORIES: readonly string[] = ['live_relevance'];

/**
 * The category of a BFCL id: the id without its number (`live_simple_12-3-0` -> `live_simple`);
 * BFCL's `simple_python` is `simple`. Ids of another shape are `custom`.
 */
export function categoryOfId(id: string): string {
  const match = /^([a-z_]+?)_\d[\d-]*$/.exec(id);
  if (!match) return 'custom';
  const category = match[1] === 'simple_python' ? 'simple' : match[1]!;
  return (BFCL_CATEGORIES as readonly string[]).includes(category) ? category : 'custom';
}
