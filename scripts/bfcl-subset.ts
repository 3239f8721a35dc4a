/**
 * Writes the BFCL subset shipped in data/bfcl/ from a copy of BFCL's data folder (BFCL v4,
 * ShishirPatil/gorilla, berkeley-function-call-leaderboard/bfcl_eval/data): per category, entries
 * spread evenly over the file (entry floor(i * n / k) for i < k, k at most n), their possible answers, BFCL's
 * LICENSE. Skipped: entries that are not single-turn system + user questions, and entries whose
 * accepted call does not validate against the entry's own function definition (BFCL data where,
 * say, a string enum of "True"/"False" is answered with a boolean): reins validates every call by
 * its schema, so no model could be judged right on them.
 *
 *   node scripts/bfcl-subset.ts ../shared/bfcl
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptedCall } from '../src/eval/accepted-call.ts';
import { parseAnswerLines, taskFromEntry } from '../src/eval/parse-tasks.ts';
import { validateToolArgs } from '../src/tools/schema-validator.ts';

/** Entries taken per BFCL file. */
export const SUBSET: Record<string, number> = {
  simple_python: 40,
  multiple: 40,
  parallel: 30,
  parallel_multiple: 30,
  irrelevance: 40,
  live_simple: 40,
  live_multiple: 40,
  live_parallel: 16,
  live_parallel_multiple: 24,
  live_irrelevance: 40,
  live_relevance: 16,
};

const source = process.argv[2];
if (!source || !existsSync(join(source, 'LICENSE'))) {
  process.stderr.write('usage: node scripts/bfcl-subset.ts <BFCL data folder with LICENSE>\n');
  process.exit(2);
}
const target = join(import.meta.dirname, '..', 'data', 'bfcl');
mkdirSync(join(target, 'possible_answer'), { recursive: true });

const singleTurn = (line: string) => {
  const entry = JSON.parse(line) as { question: Array<Array<{ role: string }>> };
  return entry.question.length === 1 && entry.question[0]!.every((message) => message.role === 'user' || message.role === 'system');
};

/** The entry's accepted calls validate against its functions (entries without answers pass). */
const answerable = (line: string, answers: Map<string, unknown> | undefined) => {
  const task = taskFromEntry(JSON.parse(line), { source: 'bfcl' }, answers);
  if (task.expected.kind !== 'calls') return true;
  return task.expected.calls.map(acceptedCall).every((call) => validateToolArgs(task.tools!.find((tool) => tool.name === call.name)!, call.args).ok);
};

for (const [category, count] of Object.entries(SUBSET)) {
  const name = `BFCL_v4_${category}.json`;
  const answerPath = join(source, 'possible_answer', name);
  const allAnswers = existsSync(answerPath) ? parseAnswerLines(readFileSync(answerPath, 'utf8'), answerPath) : undefined;
  const lines = readFileSync(join(source, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && singleTurn(line) && answerable(line, allAnswers));
  const taken = Math.min(count, lines.length);
  const picked = Array.from({ length: taken }, (_, index) => lines[Math.floor((index * lines.length) / taken)]!);
  writeFileSync(join(target, name), `${picked.join('\n')}\n`);
  if (!allAnswers) continue;
  const ids = new Set(picked.map((line) => (JSON.parse(line) as { id: string }).id));
  const answers = readFileSync(answerPath, 'utf8').split('\n').filter((line) => line.trim() !== '' && ids.has((JSON.parse(line) as { id: string }).id));
  writeFileSync(join(target, 'possible_answer', name), `${answers.join('\n')}\n`);
}
copyFileSync(join(source, 'LICENSE'), join(target, 'LICENSE'));
