/**
 * `evaluate({ model, tasks, protocols })`: runs every task in every variant (`eval-variants.ts`),
 * judges each answer and returns the figures `reins eval` prints. Tasks run `concurrency` at a time,
 * task by task across the variants, so an eval stopped early (`signal`) has covered the variants
 * alike; it returns what finished, marked `interrupted`.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { EvalOutcome, EvalReport, EvalVariant } from '../spec/eval-report.ts';
import type { Model } from '../spec/model.ts';
import { chooseVariants, modelForVariant } from './eval-variants.ts';
import type { EvalTask } from './eval-task.ts';
import { runTask } from './run-task.ts';
import { selectTasks } from './select-tasks.ts';
import { shippedTasks } from './shipped-tasks.ts';
import { summarizeOutcomes } from './summarize-outcomes.ts';

export interface EvaluateOptions {
  model: Model;
  /** The model's name in the report and the store (how `reins run --protocol auto` finds it). @default `<provider>:<modelId>` */
  modelName?: string;
  /** @default the BFCL subset shipped with reins (`shippedTasks()`) */
  tasks?: readonly EvalTask[];
  /** Where the tasks came from, for the report. @default 'bfcl' with the shipped tasks, else 'tasks' */
  source?: string;
  /** Protocols (`json`) or grammar variants (`json+grammar`) to run. @default every variant the model supports */
  protocols?: readonly string[];
  /** Only tasks of these categories. @default every category */
  categories?: readonly string[];
  /** At most this many tasks (per variant), spread over the categories. @default every task */
  limit?: number;
  /** Seed of the choice and order of tasks. @default 1 */
  seed?: number;
  /** Task runs at once. @default 4 */
  concurrency?: number;
  /** Tools offered to tasks that name none (e.g. the MCP servers' tools). @default [] */
  tools?: readonly ToolSpec[];
  /** @default undefined (the model's default) */
  temperature?: number;
  /** Output tokens per model call. @default 1024 */
  maxOutputTokens?: number;
  /** Stops the eval: running tasks are cancelled and left out, finished ones are kept. @default undefined */
  signal?: AbortSignal;
  /** Called after each judged task. @default undefined */
  onOutcome?: (outcome: EvalOutcome, progress: { done: number; total: number }) => void;
}

/** @throws ConfigError for protocols or categories that cannot run */
export async function evaluate(options: EvaluateOptions): Promise<EvalReport> {
  const startedAt = new Date().toISOString();
  const seed = options.seed ?? 1;
  const variants = chooseVariants(options.model, options.protocols);
  const all = options.tasks ?? shippedTasks();
  const tasks = selectTasks(all, { ...(options.categories ? { categories: options.categories } : {}), ...(options.limit === undefined ? {} : { limit: options.limit }), seed });
  const categories = [...new Set(tasks.map((task) => task.category))];
  const jobs = tasks.flatMap((task) => variants.map((variant) => ({ task, variant })));
  const models = new Map(variants.map((variant) => [variant.id, modelForVariant(options.model, variant)]));
  const outcomes: EvalOutcome[] = [];
  const signal = options.signal;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const { task, variant } = jobs[next++]!;
      const outcome = await runTask(models.get(variant.id)!, variant, task, {
        tools: options.tools ?? [],
        maxOutputTokens: options.maxOutputTokens ?? 1024,
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(signal ? { signal } : {}),
      });
      // A task cut by the stop did not finish: it is left out, not judged as wrong.
      if (outcome.status === 'cancelled' && signal?.aborted) break;
      outcomes.push(outcome);
      options.onOutcome?.(outcome, { done: outcomes.length, total: jobs.length });
    }
  };
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  outcomes.sort(byJobOrder(jobs));
  return {
    model: options.modelName ?? `${options.model.provider}:${options.model.modelId}`,
    startedAt,
    finishedAt: new Date().toISOString(),
    interrupted: outcomes.length < jobs.length,
    source: options.source ?? (options.tasks ? 'tasks' : 'bfcl'),
    seed,
    variants,
    categories,
    taskCount: tasks.length,
    ...summarizeOutcomes(outcomes, variants, categories),
    outcomes,
  };
}

/** Outcomes in the order of the jobs (task, then variant), whatever order they finished in. */
function byJobOrder(jobs: ReadonlyArray<{ task: EvalTask; variant: EvalVariant }>) {
  const position = new Map(jobs.map((job, index) => [`${job.task.id}\u0000${job.variant.id}`, index]));
  return (a: EvalOutcome, b: EvalOutcome) => position.get(`${a.taskId}\u0000${a.variant}`)! - position.get(`${b.taskId}\u0000${b.variant}`)!;
}
