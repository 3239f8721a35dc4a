/**
 * `reins eval --model <model>`: which protocol makes this model reliable with tools. Runs
 * single-turn function-calling tasks (a BFCL subset ships with reins, or `--tasks file.jsonl`
 * against the configured MCP servers' tools) in each protocol, judges every answer by BFCL's rules,
 * prints one table and the recommended protocol, and keeps the eval for `reins run --protocol auto`
 * and `reins ui`. See docs/eval.md.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { addToolFlags, positiveInteger } from '../setup/run-flags.ts';

const list = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((item) => item.trim()).filter(Boolean)];

function wholeNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('expected a whole number >= 0.');
  return parsed;
}

interface EvalFlags {
  model?: string;
  protocols?: string[];
  categories?: string[];
  limit?: number;
  seed: number;
  concurrency: number;
  maxOutputTokens: number;
  tasks?: string;
  config?: string;
  server: string[];
  json: boolean;
  store?: string;
  save: boolean;
}

export function registerEval(program: Command, finish: (code: number) => void): void {
  addToolFlags(program.command('eval').description('Measure which protocol makes a model reliable with tools (BFCL tasks, judged by BFCL rules)'))
    .option('--model <provider:model>', 'the model to measure (default: REINS_MODEL, else ollama:qwen3:4b)')
    .option('--protocols <list>', 'protocols to run, comma-separated, e.g. json,xml or json+grammar (default: every one the model supports; llama: models with and without grammar)', list)
    .option('--categories <list>', 'task categories, comma-separated, e.g. simple,parallel,irrelevance (default: all)', list)
    .option('--limit <n>', 'at most this many tasks, spread over the categories (default: all)', positiveInteger)
    .option('--seed <n>', 'seed of the choice and order of tasks', wholeNumber, 1)
    .option('--concurrency <n>', 'task runs at once', positiveInteger, 4)
    .option('--max-output-tokens <n>', 'output tokens per model reply', positiveInteger, 1024)
    .option('--tasks <file.jsonl>', 'your own tasks in BFCL format with inline "ground_truth"; entries without "function" use the tools of the configured MCP servers')
    .option('--json', 'the whole report as JSON on stdout, for scripts', false)
    .option('--store <path|url>', 'where the eval is kept: the sessions database, an SQLite file or a postgres:// URL (default: REINS_STORE, else REINS_SESSIONS_DB, else the user data folder)')
    .option('--no-save', 'do not keep the eval in the store')
    .action(async (flags: EvalFlags) => {
      const [{ runEval }, { loadToolConfig }, { modelStringOf }] = await Promise.all([
        import('../eval/run-eval.ts'),
        import('../setup/load-tool-config.ts'),
        import('../setup/pick-model.ts'),
      ]);
      // Servers are needed only for tasks without functions: no `.mcp.json` is read unless asked for.
      const { config } = await loadToolConfig(flags.config, flags.server, flags.tasks !== undefined);
      finish(
        await runEval({
          modelString: modelStringOf(flags.model, process.env),
          ...(flags.protocols ? { protocols: flags.protocols } : {}),
          ...(flags.categories ? { categories: flags.categories } : {}),
          ...(flags.limit === undefined ? {} : { limit: flags.limit }),
          seed: flags.seed,
          concurrency: flags.concurrency,
          maxOutputTokens: flags.maxOutputTokens,
          ...(flags.tasks ? { tasksFile: flags.tasks } : {}),
          config,
          json: flags.json,
          ...(flags.store ? { store: flags.store } : {}),
          save: flags.save,
        }),
      );
    });
}
