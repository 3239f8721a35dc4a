import type { ToolSpec } from '../../spec/decision.ts';
import type { HandlerType } from '../../protocols/envelope-schema.ts';
import type { ToolCallOptions, ToolResult } from '../../tools/toolbox.ts';

/** What runs a call that is not the toolbox's: an envelope handler action (see `actions/handler-target.ts`). */
export interface CallTarget {
  /** What the approval policy sees. */
  spec: ToolSpec;
  /** The handler type, shown on the `tool-call` event. */
  handler: HandlerType;
  call(args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolResult>;
}
