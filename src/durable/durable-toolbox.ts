/**
 * The toolbox of a durable run. Each call is two DBOS steps: `reins.tool-start` checkpoints which
 * attempt of the workflow started the call, then `reins.tool:<name>` runs it and checkpoints its
 * outcome. Steps are at least once: when a recovered workflow reaches a call whose start was
 * checkpointed by an earlier attempt but whose outcome was not, the call was in flight when that
 * process died. It is then reported to the model as interrupted (`ToolCallInterruptedError`), unless
 * the tool declares that running it again is safe (MCP annotations `idempotentHint` or
 * `readOnlyHint`): then it runs again with the same idempotency key. The key is the workflow id and
 * the number of the call's step, the same on every attempt; it reaches local tools in their context
 * and MCP tools in `_meta` (`io.reins/idempotency-key`).
 */
import { DBOS } from './dbos-sdk.ts';
import { ToolCallInterruptedError } from '../errors/tool-call-interrupted-error.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { ToolCallOptions, Toolbox, ToolResult } from '../tools/toolbox.ts';
import { outcomeOf, thrownOutcome, unwrapOutcome, type StepOutcome } from './step-outcome.ts';

/** The step that checkpoints which attempt started a call. */
export const TOOL_START_STEP = 'reins.tool-start';
/** The step that runs a call: `reins.tool:<tool name>`. */
export const TOOL_STEP_PREFIX = 'reins.tool:';

/** True when the tool says a second run has no further effect: it may run again after an interruption. */
export function safeToRunAgain(spec: ToolSpec | undefined): boolean {
  return spec?.annotations?.idempotentHint === true || spec?.annotations?.readOnlyHint === true;
}

/** `attempt` tells this execution of the workflow from earlier ones (a fresh id each time it runs). */
export function durableToolbox(toolbox: Toolbox, attempt: string = crypto.randomUUID()): Toolbox {
  return {
    list: () => toolbox.list(),
    async call(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<ToolResult> {
      const startedBy = await DBOS.runStep(async () => attempt, { name: TOOL_START_STEP });
      const outcome = await DBOS.runStep(
        async (): Promise<StepOutcome<ToolResult>> => {
          const idempotencyKey = `${DBOS.workflowID}:${DBOS.stepID}`;
          const spec = toolbox.list().find((tool) => tool.name === name);
          if (startedBy !== attempt && !safeToRunAgain(spec)) return thrownOutcome(new ToolCallInterruptedError(name, idempotencyKey));
          return outcomeOf(() => toolbox.call(name, args, { ...options, idempotencyKey }));
        },
        { name: `${TOOL_STEP_PREFIX}${name}` },
      );
      return unwrapOutcome(outcome);
    },
    ...(toolbox.instructions ? { instructions: () => toolbox.instructions?.() ?? [] } : {}),
    ...(toolbox.notices ? { notices: () => toolbox.notices?.() ?? [] } : {}),
    ...(toolbox.onChange ? { onChange: (listener: () => void) => toolbox.onChange?.(listener) ?? (() => {}) } : {}),
  };
}
