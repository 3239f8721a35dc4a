/**
 * ReWOO's planner output: steps of a `Plan: <why>` line, then `#E1 = Tool[input]`, the tool's name and
 * its lone input in brackets (as the ReAct paper's `Search[..]`, `react-bracket-action.ts`). Read where
 * the reply is nothing but such steps (blank lines aside) and has a `Plan:` line: each evidence line is
 * a call, its input the tool's lone text argument (`toolInputArgs`), the plan lines its reason.
 * A step whose input names an earlier step's evidence (`#E1`) needs that result before it can run: the
 * plan is corrected, never run with the placeholder as a value. An input whose bracket does not close
 * at its line's end is a correction. A reply holding evidence lines among other text is left to the
 * call-attempt check (`bare-call-attempt.ts`, `unknown-tool-call-line.ts`), which corrects it.
 */
import { callItem, type DialectReader, failedReading, type Reading, offeredTool } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { bracketAction } from './react-bracket-action.ts';
import { toolInputArgs } from './tool-input.ts';

const dialect = 'rewoo-plan';
const planLine = /^[ \t]*plan[ \t]*:[ \t]*(.*)$/i;
const evidenceLine = /^[ \t]*#(E\d+)[ \t]*=[ \t]*(.*)$/;

export const rewooPlanReader: DialectReader = {
  dialect,
  needs: '=',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('#E')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    const earlier: string[] = [];
    let reason = '';
    let planned = false;
    let at = 0;
    for (const line of text.split('\n')) {
      const start = at;
      at += line.length + 1;
      if (line.trim() === '') continue;
      const plan = planLine.exec(line);
      if (plan) {
        planned = true;
        reason = (plan[1] ?? '').trim();
        continue;
      }
      const evidence = evidenceLine.exec(line);
      const action = evidence ? bracketAction(evidence[2] ?? '') : undefined;
      if (!evidence || !action) return undefined;
      const toolName = sanitizeName(action.name);
      if (action.problem) return { ...failedReading(dialect, { kind: 'no-decision', message: action.problem, toolName }), conclusive: true };
      const used = earlier.find((variable) => new RegExp(`#${variable}(?!\\d)`).test(action.input));
      if (used) {
        const message = `step #${evidence[1]} uses #${used}, the result of an earlier step, which is not known yet: call the steps that need no earlier result first`;
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName }), conclusive: true };
      }
      const args = toolInputArgs({ kind: 'text', value: action.input }, offeredTool(tools, action.name));
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(action.name, args.args, tools, reason));
      spans.push([start, start + line.length]);
      earlier.push(evidence[1] ?? '');
    }
    return planned && items.length > 0 ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
