/**
 * The judge: BFCL's AST rules, restated. A task expecting calls is right when the model made as many
 * calls as it accepts and each accepted call is matched by one of them, in any order (each call
 * matches at most one); a task of no call is right when the model made none; a relevance task is
 * right when it made any. One call matches an accepted call when the function name is the same (a
 * `.` written as `_` too), every required parameter is there, no parameter is outside the accepted
 * ones, each value given is accepted (`match-value.ts`) and each accepted parameter left out has `""`
 * among its values.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { EvalCall, Expectation, ExpectedCall } from '../spec/eval-report.ts';
import { matchesOneOf } from './match-value.ts';

export interface Verdict {
  correct: boolean;
  /** Why not ('' when correct). */
  reason: string;
}

const right: Verdict = { correct: true, reason: '' };
const wrong = (reason: string): Verdict => ({ correct: false, reason });

/** `tools`: the functions offered (their `required` lists are checked); may be empty. */
export function judge(expected: Expectation, calls: readonly EvalCall[], tools: readonly ToolSpec[] = []): Verdict {
  if (expected.kind === 'no-call') return calls.length === 0 ? right : wrong(`called ${calls.map((call) => call.name).join(', ')} where no call was right`);
  if (expected.kind === 'any-call') return calls.length > 0 ? right : wrong('made no call where a call was right');
  if (calls.length !== expected.calls.length) {
    return wrong(`made ${calls.length} call${calls.length === 1 ? '' : 's'}, expected ${expected.calls.length}`);
  }
  const used = new Set<number>();
  for (const accepted of expected.calls) {
    let firstProblem = '';
    const index = calls.findIndex((call, position) => {
      if (used.has(position)) return false;
      const verdict = judgeCall(call, accepted, tools);
      if (!verdict.correct && firstProblem === '') firstProblem = verdict.reason;
      return verdict.correct;
    });
    if (index === -1) return wrong(expected.calls.length === 1 ? firstProblem : `no call matches ${accepted.name}${firstProblem ? ` (${firstProblem})` : ''}`);
    used.add(index);
  }
  return right;
}

/** One call against one accepted call. */
export function judgeCall(call: EvalCall, accepted: ExpectedCall, tools: readonly ToolSpec[] = []): Verdict {
  if (!sameName(call.name, accepted.name)) return wrong(`called ${call.name}, expected ${accepted.name}`);
  const tool = tools.find((candidate) => sameName(candidate.name, accepted.name));
  const required = Array.isArray(tool?.inputSchema.required) ? (tool.inputSchema.required as string[]) : [];
  for (const name of required) if (!Object.hasOwn(call.args, name)) return wrong(`${accepted.name}: required parameter ${name} missing`);
  for (const [name, value] of Object.entries(call.args)) {
    if (!Object.hasOwn(accepted.args, name)) return wrong(`${accepted.name}: unexpected parameter ${name}`);
    if (!matchesOneOf(value, accepted.args[name]!)) return wrong(`${accepted.name}: ${name} = ${JSON.stringify(value)} is not accepted`);
  }
  for (const [name, options] of Object.entries(accepted.args)) {
    if (!Object.hasOwn(call.args, name) && !options.includes('')) return wrong(`${accepted.name}: parameter ${name} missing`);
  }
  return right;
}

/** Names are equal, or equal once each `.` is written `_` (providers that forbid dots). */
function sameName(given: string, accepted: string): boolean {
  return given === accepted || given.replaceAll('.', '_') === accepted.replaceAll('.', '_');
}
