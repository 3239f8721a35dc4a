/**
 * `--approve ask|always|never`: `ask` follows the config's rules and the tools' annotations and asks
 * the human when they say so; `always` runs every call without asking; `never` refuses every call
 * that would need approval.
 */
import type { ApprovalPolicy } from '../../tools/approval-policy.ts';
import { approvalFromConfig } from '../../mcp/approval-from-config.ts';
import type { McpConfig } from '../../mcp/mcp-config.ts';

export const APPROVAL_MODES = ['ask', 'always', 'never'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export function approvalFor(mode: ApprovalMode, config: McpConfig): ApprovalPolicy {
  const rules = approvalFromConfig(config);
  if (mode === 'always') return () => 'allow';
  if (mode === 'never') return (tool, args) => (rules(tool, args) === 'ask' ? 'deny' : rules(tool, args));
  return rules;
}
