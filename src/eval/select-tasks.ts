/**
 * Which tasks an eval runs: those of the chosen categories, each category's tasks in an order drawn
 * from the seed, then taken in turn from each category until `limit`, so a small limit still covers
 * every category and the same seed always picks the same tasks.
 */
import { ConfigError } from '../errors/config-error.ts';
import { seededRandom, shuffled } from '../testing/seeded-random.ts';
import type { EvalTask } from './eval-task.ts';

export interface SelectTasksOptions {
  /** Only these categories. @default every category of the tasks */
  categories?: readonly string[];
  /** At most this many tasks in all. @default every task */
  limit?: number;
  /** Seed of the order. @default 1 */
  seed?: number;
}

/** @throws ConfigError for a category no task has */
export function selectTasks(tasks: readonly EvalTask[], options: SelectTasksOptions = {}): EvalTask[] {
  const byCategory = new Map<string, EvalTask[]>();
  for (const task of tasks) byCategory.set(task.category, [...(byCategory.get(task.category) ?? []), task]);
  const wanted = options.categories && options.categories.length > 0 ? [...new Set(options.categories)] : [...byCategory.keys()];
  const unknown = wanted.filter((category) => !byCategory.has(category));
  if (unknown.length > 0) {
    throw new ConfigError(`No task of category ${unknown.map((category) => `\`${category.slice(0, 40)}\``).join(', ')}.`, {
      hint: `The tasks have: ${[...byCategory.keys()].join(', ')}.`,
    });
  }
  const random = seededRandom(options.seed ?? 1);
  const queues = wanted.map((category) => shuffled(random, byCategory.get(category)!));
  const limit = options.limit ?? Infinity;
  const chosen: EvalTask[] = [];
  for (let round = 0; chosen.length < limit && queues.some((queue) => round < queue.length); round++) {
    for (const queue of queues) {
      if (chosen.length >= limit) break;
      if (round < queue.length) chosen.push(queue[round]!);
    }
  }
  return chosen;
}
