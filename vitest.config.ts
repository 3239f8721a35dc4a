import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Node's compile cache (type-stripped TypeScript included) for the test workers and every process
// they start: the `reins` CLI, MCP servers and fixtures load hundreds of modules per spawn, and a
// warm cache cuts their start-up CPU by about a fifth over test/cli. Set here, before the workers
// fork, so they and their children inherit it. Safe to share: Node writes entries atomically.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules', '.cache', 'node-compile-cache');

// Folders whose files run in-process and leave no global behind (no mocks, no global providers, no
// singletons, every server and child process closed in afterAll): their files share a worker and its
// loaded modules (`isolate: false`) instead of importing the source again per file, which halves
// their CPU. Every other folder, and any new one, keeps a fresh worker per file. test/protocols stays
// isolated: its round-trip properties compile 10^5 distinct schemas per file and Ajv keeps each one
// in its instance (about 4 MB per 1,000), which a shared worker would carry into every later file.
const sharedFolders = ['loop', 'mcp', 'models', 'seeds', 'server', 'testing', 'tools'];
const shared = sharedFolders.map((folder) => `test/${folder}/**/*.test.ts`);

export default defineConfig({
  // In the repo, `reins` and its subpaths resolve to the TypeScript source (package.json `exports`).
  resolve: { conditions: ['reins-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['reins-source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the cores: a single worker on CI's 2 cores, which runs
    // the files one after another while most of them wait on the processes and servers they start
    // (the CLI, MCP servers, Postgres, Chromium). One worker more than the cores keeps the cores busy
    // while a file waits.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { extends: true, test: { name: 'shared', include: shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...shared] } },
    ],
  },
});
