/**
 * `reins models pull <source>`: downloads a GGUF model for `llama:` into the user cache dir
 * (resumable, checksum-checked); `reins models list`: the pulled models. `reins run` uses the newest
 * pulled model when no model is configured and Ollama is not running.
 */
import type { Command } from 'commander';
import { basename } from 'node:path';

// A command's modules load when it runs, so `reins --help` loads no prompt library.
const loadCache = () => import('../models/model-cache.ts');

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function registerModels(program: Command): void {
  const models = program.command('models').description('Local GGUF models for llama:<path> (run in process by node-llama-cpp)');
  models
    .command('pull')
    .description('Download a GGUF model into the cache (resumes a broken download, checks the SHA-256)')
    .argument('<source>', 'an http(s) URL of a .gguf file, or hf:<owner>/<repo>/<file.gguf>')
    .option('--sha256 <hex>', 'the expected SHA-256 of the file (default: the one the server gives, if any)')
    .option('--name <file.gguf>', 'the file name in the cache (default: the URL\'s)')
    .option('--dir <path>', 'the cache directory (default: REINS_MODELS_DIR, else the user cache dir)')
    .action(async (source: string, flags: { sha256?: string; name?: string; dir?: string }) => {
      const [{ modelCacheDir }, { pullModel, sourceUrl }, { pullProgress }] = await Promise.all([
        loadCache(),
        import('../models/pull-model.ts'),
        import('../models/pull-progress.ts'),
      ]);
      const directory = flags.dir ?? modelCacheDir();
      const name = flags.name ?? decodeURIComponent(basename(new URL(sourceUrl(source)).pathname));
      const bar = pullProgress(name);
      try {
        const pulled = await pullModel(source, { directory, ...(flags.sha256 ? { sha256: flags.sha256 } : {}), ...(flags.name ? { name: flags.name } : {}), onProgress: bar.update });
        bar.done(
          `Pulled ${name} (${megabytes(pulled.bytes)}${pulled.resumedFrom > 0 ? `, resumed at ${megabytes(pulled.resumedFrom)}` : ''}), SHA-256 ${pulled.sha256}${pulled.verified ? ' (verified)' : ''}`,
        );
        process.stdout.write(`${pulled.path}\n`);
        process.stderr.write(`Run it: reins run "<question>" --model llama:${pulled.path}\n`);
      } catch (error) {
        bar.fail('Pull failed.');
        throw error;
      }
    });
  models
    .command('list')
    .description('The pulled models, newest first')
    .option('--json', 'as JSON on stdout', false)
    .option('--dir <path>', 'the cache directory (default: REINS_MODELS_DIR, else the user cache dir)')
    .action(async (flags: { json: boolean; dir?: string }) => {
      const { modelCacheDir, pulledModels } = await loadCache();
      const directory = flags.dir ?? modelCacheDir();
      const list = pulledModels(directory);
      if (flags.json) return void process.stdout.write(`${JSON.stringify(list.map((model) => ({ ...model, model: `llama:${model.path}` })), null, 2)}\n`);
      if (list.length === 0) return void process.stdout.write(`No models pulled into ${directory} yet. Get one: reins models pull <url of a .gguf file>\n`);
      for (const model of list) process.stdout.write(`llama:${model.path}  ${megabytes(model.bytes)}\n`);
    });
}
