/**
 * `reins/eval`: which protocol makes a model reliable with tools, measured on function-calling
 * tasks (a subset of BFCL v4 ships with reins) and judged by BFCL's rules. Node-only (reads the
 * shipped tasks from the package).
 */
export { evaluate, type EvaluateOptions } from './evaluate.ts';
export { shippedTasks, readBfclFolder } from './shipped-tasks.ts';
export { parseTaskLines, parseAnswerLines } from './parse-tasks.ts';
export { selectTasks, type SelectTasksOptions } from './select-tasks.ts';
export { judge, judgeCall, type Verdict } from './judge.ts';
export { matchesValue, standardizeString } from './match-value.ts';
export { supportedVariants, chooseVariants, withoutGrammar } from './eval-variants.ts';
export { BFCL_CATEGORIES, type EvalTask } from './eval-task.ts';
export { EvalTaskError } from '../errors/eval-task-error.ts';
export type {
  EvalCall,
  EvalOutcome,
  EvalRecommendation,
  EvalReport,
  EvalRow,
  EvalSummary,
  EvalVariant,
  Expectation,
  ExpectedCall,
} from '../spec/eval-report.ts';
