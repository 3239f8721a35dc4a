/**
 * A decision with its `$(...)` variables filled, when it runs (results of the turn's earlier actions
 * included): a question and its context, a failure's reason, an answer from `final_response`, and
 * the string params of a tool or handler call. Text meant for the user is read strictly (a `$(...)`
 * that is no variable was corrected at parse time); a tool's params leniently, so a shell's `$(date)`
 * stays as written. `send_response` content is resolved by `deliver-output.ts`.
 */
import type { Decision } from '../../spec/decision.ts';
import type { ActionNotes } from '../../spec/action-notes.ts';
import type { RunVariables } from './run-variables.ts';

export type Filled = { ok: true; decision: Decision; notes: ActionNotes | undefined } | { ok: false; message: string };

class Unresolved extends Error {}

function fillText(variables: RunVariables, text: string, mode: 'strict' | 'lenient'): string {
  const filled = variables.fill(text, mode);
  if (!filled.ok) throw new Unresolved(filled.message);
  return filled.text;
}

/** Every string inside `value`, filled leniently; other values as they are. */
function fillParams(variables: RunVariables, value: unknown): unknown {
  if (typeof value === 'string') return fillText(variables, value, 'lenient');
  if (Array.isArray(value)) return value.map((item) => fillParams(variables, item));
  if (typeof value !== 'object' || value === null) return value;
  const filled: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) filled[key] = fillParams(variables, item);
  return filled;
}

export function fillDecision(variables: RunVariables, decision: Decision, notes: ActionNotes | undefined): Filled {
  try {
    switch (decision.action) {
      case 'call_tool':
        return { ok: true, decision: { ...decision, args: fillParams(variables, decision.args) as Record<string, unknown> }, notes };
      case 'ask_user': {
        const filledNotes = notes?.context === undefined ? notes : { ...notes, context: fillText(variables, notes.context, 'strict') };
        const question = fillText(variables, decision.question, 'strict');
        return { ok: true, decision: { ...decision, question, why: fillText(variables, decision.why, 'strict') }, notes: filledNotes };
      }
      case 'answer_user':
        // A `send_response` is resolved where it is delivered (its source may be a file or a variable).
        if (notes?.type === 'output') return { ok: true, decision, notes };
        return { ok: true, decision: { ...decision, answer: fillText(variables, decision.answer, 'strict') }, notes };
    }
  } catch (error) {
    if (error instanceof Unresolved) return { ok: false, message: error.message };
    throw error;
  }
}
