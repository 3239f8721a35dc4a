/**
 * What `reins eval` does: opens the model, reads the tasks (the shipped BFCL subset, or `--tasks`
 * with the MCP servers' tools for entries that name none), runs `evaluate` with a progress bar,
 * prints the table and the recommendation (or the report as JSON), and keeps the eval in the
 * sessions store. Ctrl-C stops it: the tasks that finished are printed and kept (marked
 * interrupted), and the exit code is 130.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../../errors/config-error.ts';
import { EvalTaskError } from '../../errors/eval-task-error.ts';
import { evaluate } from '../../eval/evaluate.ts';
import type { EvalTask } from '../../eval/eval-task.ts';
import { parseTaskLines } from '../../eval/parse-tasks.ts';
import { connectServers, type McpServers } from '../../mcp/connect-servers.ts';
import type { McpConfig } from '../../mcp/mcp-config.ts';
import type { ToolSpec } from '../../spec/decision.ts';
import type { EvalReport } from '../../spec/eval-report.ts';
import type { Model } from '../../spec/model.ts';
import { ExitCode } from '../exit-codes.ts';
import { listenForInterrupts } from '../listen-for-interrupts.ts';
import { openModelOrExplain } from '../setup/pick-model.ts';
import { openEvalStore } from '../setup/open-eval-store.ts';
import { SecretMask } from '../setup/secret-mask.ts';
import { evalProgress } from './eval-progress.ts';
import { evalTable, recommendationLine } from './eval-table.ts';

export interface EvalRequest {
  modelString: string;
  protocols?: string[];
  categories?: string[];
  limit?: number;
  seed: number;
  concurrency: number;
  maxOutputTokens: number;
  tasksFile?: string;
  config: McpConfig;
  json: boolean;
  store?: string;
  /** Keep the eval in the store. */
  save: boolean;
}

export async function runEval(request: EvalRequest): Promise<number> {
  const mask = SecretMask.from(process.env, request.config, { modelString: request.modelString });
  const say = (text: string) => process.stderr.write(`${mask.display(text)}\n`);
  const controller = new AbortController();
  const stopListening = listenForInterrupts(() => {
    say('stopping: the tasks that finished are kept (press Ctrl-C again to quit at once)');
    controller.abort(new Error('interrupted'));
  });
  let servers: McpServers | undefined;
  try {
    const model = openModelOrExplain(request.modelString, { protocol: 'auto', signal: controller.signal }, say);
    if (!model) return ExitCode.noModel;
    const tasks = request.tasksFile ? await readTasksFile(request.tasksFile) : undefined;
    let tools: ToolSpec[] = [];
    if (tasks?.some((task) => !task.tools)) {
      servers = await connectTaskServers(request, model, controller.signal);
      for (const failure of servers.failures) say(`MCP server ${failure.server} failed: ${failure.error.message}`);
      if (servers.failures.length > 0) return ExitCode.failed;
      tools = servers.toolbox.list();
      checkServerTools(tasks, tools, request.tasksFile!);
    }
    const { report, firstFailure } = await evaluateWithProgress(request, { model, tasks, tools, signal: controller.signal });
    if (report.outcomes.length > 0 && report.outcomes.every((outcome) => outcome.status === 'failed' && outcome.calls.length === 0 && outcome.raw.length === 0)) {
      say(`Every task failed before the model replied: ${firstFailure ?? 'unknown error'}`);
      return ExitCode.noModel;
    }
    const safe = mask.value(report);
    if (request.save && safe.outcomes.length > 0) await keepEval(safe, request.store, say);
    if (request.json) process.stdout.write(`${JSON.stringify(safe)}\n`);
    else process.stdout.write(`${mask.display(evalTable(safe))}\n\n${mask.display(recommendationLine(safe))}\n`);
    return report.interrupted ? ExitCode.cancelled : ExitCode.answered;
  } finally {
    stopListening();
    await servers?.close();
  }
}

/** The MCP servers that offer the tools of tasks naming no functions. */
async function connectTaskServers(request: EvalRequest, model: Model, signal: AbortSignal): Promise<McpServers> {
  if (Object.keys(request.config.mcpServers ?? {}).length === 0) {
    throw new ConfigError(`Tasks in ${request.tasksFile} name no functions, and no MCP server is configured to offer tools.`, {
      hint: 'Pass --config <file> or --server "<command line>", or give each task its "function" list.',
    });
  }
  return connectServers(request.config, { model, signal });
}

/** Runs `evaluate` with a progress bar of the correct answers; also returns the first failure, to explain a model that never replied. */
async function evaluateWithProgress(
  request: EvalRequest,
  run: { model: Model; tasks: EvalTask[] | undefined; tools: ToolSpec[]; signal: AbortSignal },
): Promise<{ report: EvalReport; firstFailure: string | undefined }> {
  let correct = 0;
  let firstFailure: string | undefined;
  let progress: ReturnType<typeof evalProgress> | undefined;
  const report = await evaluate({
    model: run.model,
    modelName: request.modelString,
    ...(run.tasks ? { tasks: run.tasks, source: request.tasksFile! } : {}),
    ...(request.protocols ? { protocols: request.protocols } : {}),
    ...(request.categories ? { categories: request.categories } : {}),
    ...(request.limit === undefined ? {} : { limit: request.limit }),
    seed: request.seed,
    concurrency: request.concurrency,
    maxOutputTokens: request.maxOutputTokens,
    tools: run.tools,
    signal: run.signal,
    onOutcome: (outcome, { done, total }) => {
      if (outcome.correct) correct += 1;
      if (outcome.status === 'failed' && outcome.error) firstFailure ??= outcome.error;
      progress ??= evalProgress(total);
      progress.update(done, total, correct);
    },
  });
  progress?.stop(report.interrupted ? `Stopped after ${report.outcomes.length} task runs.` : `Evaluated ${report.outcomes.length} task runs.`);
  return { report, firstFailure };
}

/** Keeps the (masked) eval in the store; its id is set on it. */
async function keepEval(safe: EvalReport, storeLocation: string | undefined, say: (text: string) => void): Promise<void> {
  const store = openEvalStore(storeLocation);
  try {
    safe.id = await store.saveEval(safe);
    say(`eval ${safe.id} kept in ${store.path}${safe.interrupted ? ' (interrupted)' : '; `reins run --protocol auto` uses its recommendation for this model'}`);
  } finally {
    await store.close();
  }
}

async function readTasksFile(path: string): Promise<EvalTask[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new EvalTaskError(`cannot read the tasks file: ${(cause as Error).message}`, { source: path, cause });
  }
  const tasks = parseTaskLines(text, path);
  if (tasks.length === 0) throw new EvalTaskError('no task in the file', { source: path });
  return tasks;
}

/** Each accepted call of a task without functions names a tool the servers offer. */
function checkServerTools(tasks: readonly EvalTask[], tools: readonly ToolSpec[], source: string): void {
  const names = new Set(tools.map((tool) => tool.name));
  for (const task of tasks) {
    if (task.tools || task.expected.kind !== 'calls') continue;
    const missing = task.expected.calls.find((call) => !names.has(call.name) && !names.has(call.name.replaceAll('.', '_')));
    if (missing) {
      throw new EvalTaskError(`task ${task.id} expects a call of "${missing.name}", which no configured MCP server offers (they offer: ${[...names].slice(0, 10).join(', ')})`, { source });
    }
  }
}
