/**
 * The tasks shipped with reins: a subset of the Berkeley Function Calling Leaderboard (BFCL v4,
 * Apache-2.0) in `data/bfcl/` of the package, in BFCL's own layout (entries per category, accepted
 * calls in `possible_answer/`). `data/bfcl/README.md` names the source, the commit and how the
 * subset was taken; `data/bfcl/LICENSE` is BFCL's licence.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EvalTask } from './eval-task.ts';
import { parseAnswerLines, parseTaskLines } from './parse-tasks.ts';

/** The package's `data/bfcl/` folder, found upwards from here (src/eval/ in a clone, dist/src/eval/ when installed). */
function shippedTasksFolder(): string {
  let folder = import.meta.dirname;
  while (!existsSync(join(folder, 'data', 'bfcl', 'LICENSE'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`reins eval: cannot find the data/bfcl/ folder above ${import.meta.dirname}`);
    folder = parent;
  }
  return join(folder, 'data', 'bfcl');
}

let cached: EvalTask[] | undefined;

/** Every shipped task (read once). */
export function shippedTasks(): EvalTask[] {
  cached ??= readBfclFolder(shippedTasksFolder());
  return cached;
}

/** Tasks of a folder in BFCL's layout: `BFCL_v4_<category>.json` and `possible_answer/BFCL_v4_<category>.json`. */
export function readBfclFolder(folder: string): EvalTask[] {
  const files = readdirSync(folder).filter((name) => /^BFCL_v4_.+\.json$/.test(name)).sort();
  return files.flatMap((name) => {
    const answerPath = join(folder, 'possible_answer', name);
    const answers = existsSync(answerPath) ? parseAnswerLines(readFileSync(answerPath, 'utf8'), answerPath) : undefined;
    const path = join(folder, name);
    return parseTaskLines(readFileSync(path, 'utf8'), path, answers);
  });
}
