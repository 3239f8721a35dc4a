/**
 * Approval of a tool call: the one policy type and the one default rule, used by the loop
 * (`AgentOptions.approval`) and by `approvalFromConfig` (reins/mcp) when no rule matches.
 *
 * The rule: `readOnlyHint: true` or `destructiveHint: false` -> allow. Any other MCP tool -> ask,
 * with or without annotations (MCP's defaults for missing hints say a tool may be destructive). A
 * local `defineTool` tool with no annotations at all -> allow: the application wrote it, so local
 * tools do not nag; once it has annotations, they decide as for an MCP tool.
 */
import type { ToolSpec } from '../spec/decision.ts';

/** What an approval policy says about one call: run it, refuse it, or ask the user. */
export type ApprovalVerdict = 'allow' | 'deny' | 'ask';

/** Decides each tool call before it runs; may be async (e.g. a lookup). */
export type ApprovalPolicy = (tool: ToolSpec, args: Record<string, unknown>) => ApprovalVerdict | Promise<ApprovalVerdict>;

/** The approval policy of an agent that sets none: ask before a tool whose MCP annotations say destructive, run the rest. */
export function defaultApproval(tool: ToolSpec): ApprovalVerdict {
  const annotations = tool.annotations;
  if (!annotations && !tool.origin) return 'allow';
  if (annotations?.readOnlyHint === true || annotations?.destructiveHint === false) return 'allow';
  return 'ask';
}
