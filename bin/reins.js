#!/usr/bin/env node
// The `reins` launcher. In a clone of reins (src/ present) it runs the TypeScript source with Node's
// type stripping (Node >= 22.18); an installed package runs the compiled dist/ on any Node >= 22.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const source = new URL('../src/cli/main.ts', import.meta.url);
const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
const stripsTypes = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);

let entry = compiled;
if (existsSync(source)) {
  if (stripsTypes) entry = source;
  else if (!existsSync(compiled)) {
    process.stderr.write(
      `reins from source needs Node >= 22.18 (Node 24 recommended); this is Node ${process.versions.node}.\n` +
        'In a clone of reins use the npm scripts (e.g. `npm run demo`), which run the pinned Node 24, or build with `npm run build`.\n',
    );
    process.exit(2);
  }
}
const { main } = await import(entry.href);
process.exit(await main(process.argv));
