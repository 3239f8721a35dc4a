/**
 * The files of the web app: reins' own modules and styles (`web/` in the package) and the UI
 * library's ES modules (preact, preact/hooks, htm) straight from their installed packages, so the
 * viewer works offline with no bundler and no CDN.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's `web/` folder, found upwards from here (src/ui/ in a clone, dist/src/ui/ when installed). */
function webFolder(): string {
  let folder = import.meta.dirname;
  while (!existsSync(join(folder, 'web', 'style.css'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`reins ui: cannot find the web/ folder above ${import.meta.dirname}`);
    folder = parent;
  }
  return join(folder, 'web');
}

const WEB = webFolder();

/** The vendor modules, by the name the page's import map gives them. */
const VENDOR: Record<string, string> = {
  'preact.js': fileURLToPath(import.meta.resolve('preact')),
  'preact-hooks.js': fileURLToPath(import.meta.resolve('preact/hooks')),
  'htm.js': fileURLToPath(import.meta.resolve('htm')),
};

export const IMPORT_MAP = { imports: { preact: '/vendor/preact.js', 'preact/hooks': '/vendor/preact-hooks.js', htm: '/vendor/htm.js' } };

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };

export interface Asset {
  body: string;
  type: string;
}

/** A file of `web/` (no path outside it) or a vendor module; undefined when there is none. */
export async function readAsset(kind: 'web' | 'vendor', name: string): Promise<Asset | undefined> {
  const path = kind === 'vendor' ? VENDOR[name] : join(WEB, normalize(name));
  if (!path || (kind === 'web' && !path.startsWith(WEB + sep))) return undefined;
  try {
    return { body: await readFile(path, 'utf8'), type: TYPES[name.split('.').pop() ?? ''] ?? 'text/plain; charset=utf-8' };
  } catch {
    return undefined;
  }
}
