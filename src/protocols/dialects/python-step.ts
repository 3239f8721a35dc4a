/**
 * A ReAct step written as a Python call on its `Action:` line (`Action: tap(12)`, `Action:
 * swipe(21, "up", "medium")`, AppAgent's steps): the arguments, where the whole step is one call of an
 * offered tool with literal arguments, keyword or positional, and its positional values bind to the
 * tool's declared parameters (`positional-arguments.ts`). Anything else (a name as a value, an
 * expression, more values than parameters) is no reading here: the ReAct reader corrects it.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { readPythonCallsAt } from './python-literal.ts';
import { bindPositional } from './positional-arguments.ts';

/** The bound arguments of `step` read as one Python call of an offered tool; undefined otherwise. */
export function pythonStep(step: string, tools: readonly ToolSpec[]): Record<string, unknown> | undefined {
  const read = readPythonCallsAt(step, 0, { positional: true });
  const call = read && read.calls.length === 1 && step.slice(read.end).trim() === '' ? read.calls[0] : undefined;
  const tool = call && tools.find((candidate) => candidate.name === call.name);
  return call && tool ? bindPositional(call, tool)?.args : undefined;
}
