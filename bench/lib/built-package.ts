/**
 * Builds the package as it is published (`npm run build`: dist/, bundled by scripts/bundle.ts) when dist/ is missing or older
 * than any source file, so a bench can load reins the way users do: compiled JavaScript, not the
 * TypeScript source that Node strips types from as each module loads.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(root, 'dist', 'src', 'index.js')).mtimeMs;
  } catch {
    // not built yet
  }
  if (built >= newestSource(join(root, 'src'))) return;
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
}
