/**
 * `reins/mcp`: MCP servers from an `mcpServers` config as one Toolbox, with sampling, elicitation
 * and roots served by reins. Node-only (spawns stdio servers).
 */
export { connectServers, type ConnectServersOptions, type McpServerFailure, type McpServers } from './connect-servers.ts';
export { loadMcpConfig } from './load-mcp-config.ts';
export { parseMcpConfig, type ParsedMcpConfig, type ParseMcpConfigOptions } from './parse-mcp-config.ts';
export type {
  ApprovalRules,
  HttpServerConfig,
  McpConfig,
  McpServerConfig,
  ReinsMcpSection,
  ResolvedServer,
  ServerPolicyConfig,
  StdioServerConfig,
} from './mcp-config.ts';
export { PASSED_THROUGH_VARIABLES } from './server-environment.ts';
export { DEFAULT_MAX_RESULT_BYTES } from './create-transport.ts';
export { authorizeServer, type AuthorizeServerOptions, type AuthorizeOutcome } from './authorize-server.ts';
export { OAuthStore, defaultOAuthDirectory, type OAuthRecord } from './oauth-store.ts';
export { ReinsOAuthProvider, type ReinsOAuthProviderOptions } from './oauth-provider.ts';
export { InteractiveAuthorization, type AuthorizeOnDemandOptions } from './interactive-authorization.ts';
export { McpAuthorizationError, type McpAuthorizationFailure } from '../errors/mcp-authorization-error.ts';
export { McpInputRoundsError } from '../errors/mcp-input-rounds-error.ts';
export { McpToolbox, type McpToolboxOptions } from './mcp-toolbox.ts';
export { McpServerConnection, type ServerState } from './server-connection.ts';
export type { McpServerEvent, McpServerEventType } from './server-events.ts';
export { approvalFromConfig } from './approval-from-config.ts';
export { defaultApproval, type ApprovalPolicy, type ApprovalVerdict } from '../tools/approval-policy.ts';
export type { SamplingApprovalRequest } from './sampling-handler.ts';
export type { RestartOptions } from './restart-policy.ts';
export { toModelRequest, toSamplingResult } from './sampling-messages.ts';
export { McpConfigError } from '../errors/mcp-config-error.ts';
export { McpServerStartError, type McpServerStartReason } from '../errors/mcp-server-start-error.ts';
export { McpToolCallError, type McpToolCallFailure } from '../errors/mcp-tool-call-error.ts';
export { McpResultTooLargeError } from '../errors/mcp-result-too-large-error.ts';
export { ToolTimeoutError } from '../errors/tool-timeout-error.ts';
export { ToolWithheldError, type ToolWithheldReason } from '../errors/tool-withheld-error.ts';
export type { ToolNotice, ToolRenameReason } from '../tools/tool-notice.ts';
