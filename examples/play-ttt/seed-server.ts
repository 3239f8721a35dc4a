/**
 * The play_ttt MCP server written in seed 001's shape (`seed-shape.ts`), over stdio:
 *
 *   node examples/play-ttt/seed-server.ts
 *   npm run example:ttt -- --seed-shape    # play it from the terminal with reins as the client
 */
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createSeedPlayTttServer } from './seed-shape.ts';

await createSeedPlayTttServer().connect(new StdioServerTransport());
