/**
 * Where `reins models pull` keeps model files: `models/` in the user cache dir (env-paths:
 * `~/.cache/reins/models` on Linux, honouring XDG_CACHE_HOME), or REINS_MODELS_DIR.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';

export function modelCacheDir(env: Record<string, string | undefined> = process.env): string {
  return env.REINS_MODELS_DIR || join(envPaths('reins', { suffix: '' }).cache, 'models');
}

export interface PulledModel {
  name: string;
  path: string;
  bytes: number;
  modified: Date;
}

/** The complete .gguf files in the cache, newest first (partial downloads are not listed). */
export function pulledModels(directory: string = modelCacheDir()): PulledModel[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.gguf'))
    .map((name) => {
      const path = join(directory, name);
      const stat = statSync(path);
      return { name, path, bytes: stat.size, modified: stat.mtime };
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.name.localeCompare(b.name));
}
