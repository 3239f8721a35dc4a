/**
 * Tasks from BFCL's format: one JSON object a line, `{"id", "question": [[{role, content}...]],
 * "function": [{name, description, parameters}]}`, with its accepted calls either in a separate
 * possible-answer file (BFCL's layout, `answers` by id) or inline as `ground_truth` (a tasks file of
 * `reins eval --tasks`). An entry without `function` is asked against the tools given to `evaluate`.
 */
import { EvalTaskError } from '../errors/eval-task-error.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { Expectation, ExpectedCall } from '../spec/eval-report.ts';
import { bfclInputSchema } from './bfcl-schema.ts';
import { ANY_CALL_CATEGORIES, categoryOfId, NO_CALL_CATEGORIES, type EvalTask } from './eval-task.ts';

interface Where {
  source: string;
  line?: number;
}

/** Every line of `text` as a task; blank lines are skipped. `answers`: ground truth by id. */
export function parseTaskLines(text: string, source: string, answers?: ReadonlyMap<string, unknown>): EvalTask[] {
  const tasks: EvalTask[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const where = { source, line: index + 1 };
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (cause) {
      throw new EvalTaskError('not a JSON object (a tasks file has one JSON object a line)', { ...where, cause });
    }
    const task = taskFromEntry(entry, where, answers);
    if (seen.has(task.id)) throw new EvalTaskError(`the id "${task.id}" is used twice`, where);
    seen.add(task.id);
    tasks.push(task);
  }
  return tasks;
}

/** Reads a possible-answer file (`{"id", "ground_truth"}` a line) into ground truth by id. */
export function parseAnswerLines(text: string, source: string): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line) as { id?: unknown; ground_truth?: unknown };
    if (typeof entry.id !== 'string') throw new EvalTaskError('a possible answer without an id', { source, line: index + 1 });
    answers.set(entry.id, entry.ground_truth);
  }
  return answers;
}

export function taskFromEntry(entry: unknown, where: Where, answers?: ReadonlyMap<string, unknown>): EvalTask {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new EvalTaskError('not a JSON object', where);
  const record = entry as Record<string, unknown>;
  if (typeof record.id !== 'string' || record.id === '') throw new EvalTaskError('no "id" (a string)', where);
  const id = record.id;
  const category = typeof record.category === 'string' ? record.category : categoryOfId(id);
  const { question, system } = readQuestion(record.question, where);
  const tools = record.function === undefined ? undefined : readFunctions(record.function, where);
  const truth = Object.hasOwn(record, 'ground_truth') ? record.ground_truth : answers?.get(id);
  const expected = readExpectation(category, truth, tools, where);
  return { id, category, question, ...(system ? { system } : {}), ...(tools ? { tools } : {}), expected };
}

/** Single-turn only: one turn of system and user messages. */
function readQuestion(value: unknown, where: Where): { question: string; system?: string } {
  const turns = Array.isArray(value) ? value : undefined;
  const turn = turns?.length === 1 && Array.isArray(turns[0]) ? (turns[0] as unknown[]) : undefined;
  if (!turn) throw new EvalTaskError('"question" must be one turn: [[{"role": "user", "content": "..."}]]', where);
  const system: string[] = [];
  const user: string[] = [];
  for (const message of turn) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (typeof content !== 'string') throw new EvalTaskError('a message without text "content"', where);
    if (role === 'system') system.push(content);
    else if (role === 'user') user.push(content);
    else throw new EvalTaskError(`a "${String(role)}" message: single-turn tasks hold only system and user messages`, where);
  }
  if (user.length === 0) throw new EvalTaskError('no user message in "question"', where);
  return { question: user.join('\n\n'), ...(system.length ? { system: system.join('\n\n') } : {}) };
}

function readFunctions(value: unknown, where: Where): ToolSpec[] {
  if (!Array.isArray(value)) throw new EvalTaskError('"function" must be a list of functions', where);
  return value.map((fn) => {
    const { name, description, parameters } = (fn ?? {}) as { name?: unknown; description?: unknown; parameters?: unknown };
    if (typeof name !== 'string' || name === '') throw new EvalTaskError('a function without a "name"', where);
    return { name, ...(typeof description === 'string' ? { description } : {}), inputSchema: bfclInputSchema(parameters) };
  });
}

function readExpectation(category: string, truth: unknown, tools: ToolSpec[] | undefined, where: Where): Expectation {
  if (NO_CALL_CATEGORIES.includes(category)) return { kind: 'no-call' };
  if (ANY_CALL_CATEGORIES.includes(category)) return { kind: 'any-call' };
  if (truth === undefined) throw new EvalTaskError('no accepted calls: give "ground_truth" (an empty list when no call is right)', where);
  if (!Array.isArray(truth)) throw new EvalTaskError('"ground_truth" must be a list of {"<function>": {"<param>": [accepted values]}}', where);
  if (truth.length === 0) return { kind: 'no-call' };
  const calls: ExpectedCall[] = truth.map((item) => {
    const entries = typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.entries(item) : [];
    if (entries.length !== 1) throw new EvalTaskError('each "ground_truth" item names one function: {"<function>": {...}}', where);
    const [name, args] = entries[0]!;
    if (typeof args !== 'object' || args === null || Array.isArray(args) || !Object.values(args).every(Array.isArray)) {
      throw new EvalTaskError(`the accepted values of "${name}" must be lists: {"<param>": [value, ...]}`, where);
    }
    if (tools && !tools.some((tool) => tool.name === name)) throw new EvalTaskError(`"ground_truth" calls "${name}", which "function" does not offer`, where);
    return { name, args: args as Record<string, unknown[]> };
  });
  return { kind: 'calls', calls };
}
