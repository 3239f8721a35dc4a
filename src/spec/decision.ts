/**
 * The protocol-neutral decision: what the model chose to do this turn.
 * Field for field the union of seed 000 (`call_tool`, `ask_user`, `answer_user`).
 * Every codec parses into these types and renders from them.
 */

/** Ask reins to run one tool. Seed 000 `call_tool`. */
export interface CallToolDecision {
  action: 'call_tool';
  /** Name of a tool in the Toolbox. */
  tool: string;
  /** Arguments, validated against the tool's input schema before the tool runs. */
  args: Record<string, unknown>;
  /** Why the model wants this call (may be empty when the protocol carries none). */
  reason: string;
}

/** Ask the human a question. Seed 000 `ask_user`. */
export interface AskUserDecision {
  action: 'ask_user';
  question: string;
  why: string;
}

/** End the run with an answer. Seed 000 `answer_user`. */
export interface AnswerUserDecision {
  action: 'answer_user';
  answer: string;
  /** 0..1, when the model gave one. */
  confidence?: number;
}

/** One decision of a model turn, seed 000's union: call a tool, ask the user, or answer. */
export type Decision = CallToolDecision | AskUserDecision | AnswerUserDecision;
/** The `action` of a Decision. */
export type DecisionAction = Decision['action'];

/** Seed 003's thought types. The set is open: any upper-case word is accepted. */
export const THOUGHT_TYPES = [
  'PLAN',
  'OBSERVATION',
  'QUESTION',
  'HYPOTHESIS',
  'CRITIQUE',
  'ASSUMPTION',
  'GOAL',
  'NORM',
] as const;
/** The typed thought kinds a protocol may carry (`THOUGHT_TYPES`). */
export type KnownThoughtType = (typeof THOUGHT_TYPES)[number];
/** A typed thought `{ type, content }` (seed 003). `type` is extensible. */
export interface Thought {
  type: KnownThoughtType | (string & {});
  content: string;
}

/** A tool as the model sees it: the shape of an MCP tool. */
export interface ToolSpec {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: JsonSchema;
  /** MCP tool annotations (readOnlyHint, destructiveHint, ...), kept as given. */
  annotations?: ToolAnnotations;
  /**
   * For MCP tools: the server's name in the config and the tool's own name there (the toolbox
   * name may be server-prefixed), and the MCP session id where the transport has one (Streamable
   * HTTP; telemetry's `mcp.session.id`). Approval rules match on it. Not shown to the model.
   */
  origin?: { server: string; name: string; sessionId?: string };
}

/** MCP's hints about a tool's effects; the default approval policy reads them. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A JSON Schema object (draft-07 or 2020-12), as tools declare their input. */
export type JsonSchema = Record<string, unknown>;

/** Seed 000's three schemas, verbatim, for validators and for prompts. */
export const CALL_TOOL_SCHEMA = {
  type: 'object',
  required: ['action', 'tool', 'args', 'reason'],
  properties: {
    action: { const: 'call_tool' },
    tool: { type: 'string' },
    args: { type: 'object' },
    reason: { type: 'string' },
  },
  additionalProperties: false,
} as const satisfies JsonSchema;

/** The JSON Schema of an `ask_user` decision (seed 000). */
export const ASK_USER_SCHEMA = {
  type: 'object',
  required: ['action', 'question', 'why'],
  properties: {
    action: { const: 'ask_user' },
    question: { type: 'string' },
    why: { type: 'string' },
  },
  additionalProperties: false,
} as const satisfies JsonSchema;

/** The JSON Schema of an `answer_user` decision (seed 000). */
export const ANSWER_USER_SCHEMA = {
  type: 'object',
  required: ['action', 'answer'],
  properties: {
    action: { const: 'answer_user' },
    answer: { type: 'string' },
    confidence: { type: 'number' },
  },
  additionalProperties: false,
} as const satisfies JsonSchema;

/** `ALLOWED_SCHEMAS` of seed 000, as one `oneOf`. */
export const DECISION_SCHEMA = {
  oneOf: [CALL_TOOL_SCHEMA, ASK_USER_SCHEMA, ANSWER_USER_SCHEMA],
} as const satisfies JsonSchema;
