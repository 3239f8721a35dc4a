/**
 * `reins auth <server>`: runs the OAuth authorization of an HTTP MCP server of the config (the SDK's
 * client auth: discovery, dynamic registration or the configured Client ID Metadata Document
 * (`oauth.clientMetadataUrl`), PKCE) with a loopback redirect on 127.0.0.1, and
 * keeps the tokens in reins' config directory (mode 0600; not the session store), where every later
 * run finds them (refreshed by the SDK). The authorization page is opened in the browser after the
 * URL is shown (`$BROWSER` when set); `--no-browser` only shows it. `--no-input` never opens a browser:
 * it fails with `McpAuthorizationError`. (`reins run` on a terminal does the same flow by itself when
 * a server asks.)
 * A server with `oauth.clientId` and `oauth.clientSecret` uses the client credentials grant instead.
 */
import type { Command } from 'commander';
import { ConfigError } from '../../errors/config-error.ts';
import { ExitCode } from '../exit-codes.ts';

export function registerAuth(program: Command, finish: (code: number) => void): void {
  program
    .command('auth <server>')
    .description('Authorize reins at an HTTP MCP server of the config (OAuth with PKCE, loopback redirect); tokens are kept for later runs')
    .option('--config <file>', 'MCP config file in the mcpServers format (default: .mcp.json when present)')
    .option('--no-browser', 'show the authorization URL without opening a browser')
    .option('--no-input', 'never open a browser or wait for the human (fails: authorization needs a person)')
    .action(async (name: string, flags: { config?: string; browser: boolean; input: boolean }) => {
      // Loaded when the command runs, so `reins --help` stays free of the MCP client.
      const [{ authorizeServer }, { parseMcpConfig }, { openInBrowser }, { loadToolConfig }, { McpAuthorizationError }] = await Promise.all([
        import('../../mcp/authorize-server.ts'),
        import('../../mcp/parse-mcp-config.ts'),
        import('../render/open-url.ts'),
        import('../setup/load-tool-config.ts'),
        import('../../errors/mcp-authorization-error.ts'),
      ]);
      const { config } = await loadToolConfig(flags.config, []);
      const parsed = parseMcpConfig(config);
      if (!parsed.success) throw parsed.error;
      const server = parsed.servers.find((candidate) => candidate.name === name);
      if (!server) throw new ConfigError(`No MCP server named "${name}" in the config.`, { hint: `Servers: ${parsed.servers.map((s) => s.name).join(', ') || 'none'}.` });
      if (server.transport === 'stdio') throw new ConfigError(`MCP server "${name}" runs over stdio: OAuth is for HTTP servers.`);
      const interactive = flags.input;
      const outcome = await authorizeServer(server, {
        open: (url) => {
          if (!interactive) throw new McpAuthorizationError({ serverName: name, failure: 'needs-browser', detail: '--no-input never opens one', authorizationUrl: url.href });
          process.stderr.write(`Authorize reins at ${server.url.host}:\n  ${url.href}\n`);
          if (flags.browser) openInBrowser(url.href);
        },
      });
      const said = { authorized: 'authorized', 'already-authorized': 'already authorized (stored tokens work)', 'client-credentials': 'authorized with client credentials' };
      process.stderr.write(`MCP server "${name}": ${said[outcome]}.\n`);
      finish(ExitCode.answered);
    });
}
