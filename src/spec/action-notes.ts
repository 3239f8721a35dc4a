/** Where a `send_response` takes its content when it is not `text` (the decision's `answer`). */
export type ContentSource = { file_path: string } | { variable: string };

/**
 * What a protocol says about one action beyond the decision itself (seed 003: `type`, `confidence`,
 * `warnings`). Protocol-neutral: a field is present only when the model wrote it.
 */
export interface ActionNotes {
  /** The action's category, e.g. `tool`, `workflow_control`, `output`. */
  type?: string;
  /** The model's confidence in this action, 0..1. */
  confidence?: number;
  /** The model's warnings about this action. */
  warnings?: string[];
  /** `request_user_input`: what information is needed (seed 003 `required_info`). */
  requiredInfo?: string[];
  /** `request_user_input`: context for the question (seed 003 `context`; also the decision's `why`). */
  context?: string;
  /** `send_response` whose content is a file or a variable (a `text` is the answer_user decision's `answer`). */
  source?: ContentSource;
}
