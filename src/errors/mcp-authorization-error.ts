import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why an HTTP MCP server's OAuth authorization did not happen. */
export type McpAuthorizationFailure =
  | 'needs-browser' // the server wants an authorization code flow, and this session cannot open a browser (--no-input, no terminal)
  | 'timeout' // nobody came back to the loopback redirect in time
  | 'refused'; // the authorization server answered the redirect with an error (access_denied, ...)

const says: Record<McpAuthorizationFailure, string> = {
  'needs-browser': 'needs an OAuth authorization in a browser, which this session cannot open',
  timeout: 'was not authorized: nobody came back from the authorization page in time',
  refused: 'was not authorized: the authorization server refused',
};

/**
 * An HTTP MCP server wants an OAuth authorization that did not happen. The message names
 * `reins auth <server>`, which authorizes once in a terminal and keeps the tokens for later runs.
 */
export class McpAuthorizationError extends ReinsError {
  static readonly errorName = 'Reins_McpAuthorizationError';
  static override isInstance = isErrorNamed<McpAuthorizationError>(McpAuthorizationError.errorName);
  readonly fault = 'user' as const;
  readonly serverName: string;
  readonly failure: McpAuthorizationFailure;
  /** The page the browser would have been sent to, when one was made. */
  readonly authorizationUrl?: string;

  constructor(fields: { serverName: string; failure: McpAuthorizationFailure; detail?: string; authorizationUrl?: string; cause?: unknown }) {
    const detail = fields.detail ? ` (${fields.detail})` : '';
    super(
      `MCP server "${fields.serverName}" ${says[fields.failure]}${detail}. Run \`reins auth ${fields.serverName}\` in a terminal (the tokens are kept for later runs), or configure "oauth": { "clientId", "clientSecret" } for unattended use.`,
      { cause: fields.cause },
    );
    this.serverName = fields.serverName;
    this.failure = fields.failure;
    this.authorizationUrl = fields.authorizationUrl;
  }
}
