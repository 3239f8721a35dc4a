import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // In the repo, `reins` and its subpaths resolve to the TypeScript source (package.json `exports`).
  resolve: { conditions: ['reins-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['reins-source', ...defaultServerConditions] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
