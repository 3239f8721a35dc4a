/**
 * The JavaScript half of `npm run build` (tsc writes the .d.ts files): rolldown bundles each entry
 * point of the package (package.json `exports`), the CLI and the demo MCP servers from the TypeScript
 * source into dist/, keeping each entry at the path tsc would give it (dist/src/index.js, ...). Code the
 * entries share goes to chunks under dist/src/chunks/, and what the source loads with `import()` (the
 * CLI commands, zod, OpenTelemetry) stays a separate chunk loaded on demand.
 *
 * Why bundle: Node resolves, reads and compiles each ES module on its own, so a fresh process spent
 * more time on reins' 220 small files than on the code in them (`npm run bench -- entries`).
 * Packages stay external: users install them beside reins. Not minified, so a stack trace reads like
 * the source.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';

const root = join(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { 'reins-source': string }> };

/** Entry name (its path in dist/ without `.js`) to source file. */
const input: Record<string, string> = { 'src/cli/main': 'src/cli/main.ts' };
for (const target of Object.values(packageJson.exports)) {
  const source = target['reins-source'].replace(/^\.\//, '');
  input[source.replace(/\.ts$/, '')] = source;
}
// The demo servers run as their own processes (`reins demo`); meal-data.ts is a module they import.
for (const file of readdirSync(join(root, 'examples', 'demo-servers'))) {
  if (file.endsWith('.ts') && file !== 'meal-data.ts') input[`examples/demo-servers/${file.replace(/\.ts$/, '')}`] = `examples/demo-servers/${file}`;
}

/** Bare specifiers (packages, `node:` built-ins) are not bundled: npm installs them beside reins. */
const isPackage = (id: string): boolean => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

// Bundles replace tsc's per-file JavaScript; the declarations tsc wrote stay.
for (const file of readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.js')) rmSync(join(root, 'dist', file));
}

await build({
  cwd: root,
  input,
  external: isPackage,
  platform: 'node',
  logLevel: 'warn',
  output: {
    dir: join(root, 'dist'),
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'src/chunks/[name]-[hash].js',
  },
});
