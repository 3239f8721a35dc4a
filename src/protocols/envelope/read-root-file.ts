/**
 * Reads a file a `send_response` names (`file_path`) only when it lies inside one of the configured
 * roots (`envelope({ fileRoots })`), after resolving symbolic links: a link that leads out of the
 * roots, `..`, or an absolute path elsewhere is refused. Relative paths are taken from the first root.
 * Text files only, up to `MAX_FILE_BYTES`. Node-only: `node:fs` is loaded when a file is read.
 */
export const MAX_FILE_BYTES = 1_000_000;

export type FileReading = { ok: true; text: string; path: string } | { ok: false; message: string };

function inside(path: string, root: string, separator: string): boolean {
  return path === root || path.startsWith(root.endsWith(separator) ? root : root + separator);
}

export async function readRootFile(written: string, roots: readonly string[], signal: AbortSignal): Promise<FileReading> {
  if (roots.length === 0) return { ok: false, message: 'no folder is configured for file_path (fileRoots): send text instead' };
  const { realpath, stat, readFile } = await import('node:fs/promises');
  const { resolve, sep } = await import('node:path');
  const realRoots = await Promise.all(roots.map((root) => realpath(resolve(root)).catch(() => resolve(root))));
  let real: string;
  try {
    real = await realpath(resolve(realRoots[0] ?? '.', written));
  } catch {
    return { ok: false, message: `file \`${written.slice(0, 80)}\` not found` };
  }
  if (!realRoots.some((root) => inside(real, root, sep))) {
    return { ok: false, message: `file \`${written.slice(0, 80)}\` is outside the allowed folders` };
  }
  const info = await stat(real);
  if (!info.isFile()) return { ok: false, message: `\`${written.slice(0, 80)}\` is not a file` };
  if (info.size > MAX_FILE_BYTES) return { ok: false, message: `file \`${written.slice(0, 80)}\` is larger than ${MAX_FILE_BYTES} bytes` };
  const text = await readFile(real, { encoding: 'utf8', signal });
  return { ok: true, text, path: real };
}
