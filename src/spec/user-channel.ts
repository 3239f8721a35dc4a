/**
 * The UserChannel spec: how the loop reaches the human (ask_user, approvals, MCP elicitation).
 * A plain callback `(question) => reply` is accepted wherever a UserChannel is.
 */
import type { JsonSchema, ToolSpec } from './decision.ts';

/** A question of the model (`ask_user`) for the human. */
export interface UserQuestion {
  question: string;
  why: string;
  /** What information is needed (envelope `required_info`), when the model said. */
  requiredInfo?: string[];
  /** Context for the question (envelope `context`), when the model gave it. */
  context?: string;
}

/** A tool call that needs the human's approval before it runs. */
export interface ApprovalRequest {
  tool: ToolSpec;
  args: Record<string, unknown>;
  /** Why approval is needed, e.g. `destructive tool`. */
  reason: string;
}

/** An MCP server's elicitation: a message and the schema of the form the human fills. */
export interface ElicitationRequest {
  message: string;
  /** The flat object schema of MCP form-mode elicitation. */
  requestedSchema: JsonSchema;
  /** Which MCP server asks, when known. */
  serverName?: string;
}

/** An MCP URL-mode elicitation: the server wants the user to visit `url` (e.g. to sign in to a third party). */
export interface UrlElicitationRequest {
  message: string;
  url: string;
  serverName?: string;
}

/** The human's reply to an elicitation: the form's content, or declined, or cancelled. */
export type ElicitationReply =
  | { action: 'accept'; content: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** How a run reaches the human: questions, approvals, elicitations (`AgentOptions.user`). */
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
  /**
   * Shows the URL of an MCP URL elicitation and asks before opening it: `accept` once opened,
   * `decline` when the user says no. Without it, URL elicitations are declined and not declared.
   */
  openUrl?(request: UrlElicitationRequest, signal?: AbortSignal): Promise<'accept' | 'decline' | 'cancel'>;
}

/** A plain callback gets the run's signal too: it aborts when the run is cancelled or out of time. */
export type UserChannelLike = UserChannel | ((question: UserQuestion, signal?: AbortSignal) => string | Promise<string>);

/** A UserChannel from a channel, or from a plain callback that answers questions (it approves nothing: calls that need approval are refused). */
export function toUserChannel(user: UserChannelLike): UserChannel {
  if (typeof user === 'function') return { ask: async (question, signal) => user(question, signal) };
  return user;
}
