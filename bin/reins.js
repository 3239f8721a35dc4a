#!/usr/bin/env node
// The `reins` launcher. reins runs its TypeScript source with Node's type stripping, which needs
// Node >= 22.18 (or >= 23.6); on an older Node, say so instead of failing with a syntax error.
import process from 'node:process';

const [major, minor] = process.versions.node.split('.').map(Number);
const stripsTypes = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
if (!stripsTypes) {
  process.stderr.write(
    `reins needs Node >= 22.18 (Node 24 recommended); this is Node ${process.versions.node}.\n` +
      'Install a newer Node, or in a clone of reins use the npm scripts (e.g. `npm run demo`), which run the pinned Node 24.\n',
  );
  process.exit(2);
}
const { main } = await import('../src/cli/main.ts');
process.exit(await main(process.argv));
