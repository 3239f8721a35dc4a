/**
 * The UserChannel spec: how the loop reaches the human (ask_user, approvals, MCP elicitation).
 * A plain callback `(question) => reply` is accepted wherever a UserChannel is.
 */
import type { JsonSchema, ToolSpec } from './decision.ts';

export interface UserQuestion {
  question: string;
  why: string;
}

export interface ApprovalRequest {
  tool: ToolSpec;
  args: Record<string, unknown>;
  /** Why approval is needed, e.g. `destructive tool`. */
  reason: string;
}

export interface ElicitationRequest {
  message: string;
  /** The flat object schema of MCP form-mode elicitation. */
  requestedSchema: JsonSchema;
  /** Which MCP server asks, when known. */
  serverName?: string;
}

export type ElicitationReply =
  | { action: 'accept'; content: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface UserChannel {
  /**
   * Answers an `ask_user` decision. `signal` aborts when the run is cancelled or out of time; the run
   * stops waiting then even if the promise never settles. An empty or blank reply reaches the model
   * as "the user gave no answer".
   */
  ask(question: UserQuestion, signal?: AbortSignal): Promise<string>;
  /** Approves or refuses a tool call that needs approval. Without it, such calls are refused. */
  approve?(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean>;
  /** Answers an MCP elicitation. Without it, elicitations are declined. */
  elicit?(request: ElicitationRequest, signal?: AbortSignal): Promise<ElicitationReply>;
}

/** A plain callback gets the run's signal too: it aborts when the run is cancelled or out of time. */
export type UserChannelLike = UserChannel | ((question: UserQuestion, signal?: AbortSignal) => string | Promise<string>);

export function toUserChannel(user: UserChannelLike): UserChannel {
  if (typeof user === 'function') return { ask: async (question, signal) => user(question, signal) };
  return user;
}
