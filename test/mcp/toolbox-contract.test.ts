/**
 * McpToolbox runs the Toolbox contract against the real @modelcontextprotocol/server-everything
 * over stdio (its `echo` tool), one server for the file.
 */
import { connectServers } from '../../src/mcp/index.ts';
import { runToolboxContract } from '../tools/toolbox-contract.ts';
import { everything } from './peers.ts';

runToolboxContract('McpToolbox (server-everything over stdio)', {
  newToolbox: async () => {
    const servers = await connectServers({ mcpServers: { everything: everything() } });
    if (servers.failures.length > 0) throw servers.failures[0]!.error;
    return { toolbox: servers.toolbox, echo: 'echo', close: () => servers.close() };
  },
});
