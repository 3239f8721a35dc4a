/**
 * Where reins' own files are: the package root, and whether this code runs from the TypeScript
 * source (a clone) or from the compiled `dist/` (an installed package).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** True when running the `.ts` source with type stripping, false when running `dist/`. */
const runningFromSource = import.meta.url.endsWith('.ts');

/** The folder holding reins' package.json (src/cli/ in a clone, dist/src/cli/ when installed). */
export function packageRoot(from = import.meta.dirname): string {
  let folder = from;
  while (!existsSync(join(folder, 'bin', 'reins.js'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`reins: cannot find the package root above ${from}`);
    folder = parent;
  }
  return folder;
}

/** A bundled example script, as source in a clone and compiled when installed. */
export function bundledScript(relativePath: string): string {
  const root = packageRoot();
  return runningFromSource ? join(root, `${relativePath}.ts`) : join(root, 'dist', `${relativePath}.js`);
}
