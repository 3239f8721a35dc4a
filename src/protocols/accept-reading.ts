/**
 * Turns a reading into a `ParseResult`: the action count against `maxActions`, then strict validation
 * of every action. The first problem found becomes the `InvalidDecisionError` of a failed result.
 */
import type { Decision, ToolSpec } from '../spec/decision.ts';
import { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import type { ParseResult } from './codec.ts';
import type { ReadFailure, Reading } from './reading.ts';
import { validateDecision } from './validate-decision.ts';
import { isHandlerType } from './envelope-schema.ts';

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
type AcceptedParse = Extract<ParseResult, { success: true }>;
/** `validateDecision` options, shared: a call run by the toolbox, or by a caller's handler (envelope). */
const toolboxCall = { toolbox: true } as const;
const handlerCall = { toolbox: false } as const;

const countWord = (count: number): string => numberWords[count] ?? String(count);

export function failedResult(failure: ReadFailure, raw: string, tools: readonly ToolSpec[], cause?: unknown): ParseResult {
  const error = new InvalidDecisionError(failure.message, {
    kind: failure.kind,
    rawText: raw,
    toolName: failure.toolName,
    availableTools: failure.kind === 'unknown-tool' ? tools.map((tool) => tool.name) : undefined,
    details: failure.details,
    cause,
  });
  return { success: false, error, raw };
}

/** Validates every item of `reading`; `repaired` is added to what the reading says. */
export function acceptReading(
  reading: Reading,
  options: { raw: string; tools: readonly ToolSpec[]; maxActions: number; repaired: boolean },
): ParseResult {
  const { raw, tools, maxActions } = options;
  if (reading.failure) return failedResult(reading.failure, raw, tools);
  const count = reading.items.length;
  if (count === 0) return failedResult({ kind: 'no-decision', message: 'no action found' }, raw, tools);
  if (count > maxActions) {
    const message = `${countWord(count)} actions given, ${countWord(maxActions)} allowed`;
    return failedResult({ kind: 'too-many-actions', message }, raw, tools);
  }
  const decisions: Decision[] = new Array(count);
  const { items, actions } = reading;
  let respelled = false;
  for (let index = 0; index < count; index++) {
    const outcome = validateDecision(items[index], tools, isHandlerType(actions?.[index]?.type) ? handlerCall : toolboxCall);
    if (!outcome.ok) {
      const prefix = count > 1 ? `action ${index + 1}: ` : '';
      return failedResult({ ...outcome.failure, message: prefix + outcome.failure.message }, raw, tools);
    }
    decisions[index] = outcome.decision;
    if (outcome.respelled) respelled = true;
  }
  const repaired = options.repaired || reading.repaired || respelled;
  const decision = decisions[0] as Decision;
  // Built field by field (no spreads of temporary objects): this runs on every accepted turn. A
  // native turn's call ids are in the literal (a field added later grows a property store).
  const accepted: AcceptedParse = reading.toolCallIds
    ? { success: true, decision, decisions, thoughts: reading.thoughts, repaired, dialect: reading.dialect, toolCallIds: reading.toolCallIds }
    : { success: true, decision, decisions, thoughts: reading.thoughts, repaired, dialect: reading.dialect };
  if (actions) accepted.actions = actions;
  if (reading.status !== undefined) accepted.status = reading.status;
  if (reading.finalResponse !== undefined) accepted.finalResponse = reading.finalResponse;
  return accepted;
}
