/**
 * The calls of a Python fence's body as offered tools' calls, for `python-fence-calls.ts`: each line's
 * `print(..)` and comment taken off (`call-fence.ts`'s rules), then each call's name resolved and its
 * positional values bound. A name is an offered tool's as written, or after the namespace before it
 * (`agent.click`, `computer.type`) where only the bare name is offered: the code runs each action as a
 * method of one object, as GUI agents such as Agent-S prompt for it. Positional values bind the way
 * Python binds them to the tool's declared parameters (`positional-arguments.ts`). Undefined when any
 * call names no offered tool or holds values Python would not bind: then the fence is no call list.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { bindPositional } from './positional-arguments.ts';
import { type PythonCall, readPythonCallsAt } from './python-literal.ts';
import { withoutPythonComment } from './python-comment.ts';

/** `print(call)`: a call printed, as CodeAct and Gemma 3 prompts show it. */
const printed = /^print\(([\s\S]*)\)$/;

/** The offered tool `name` means: itself, or the name after its last dot when only that is offered. */
function offeredTool(name: string, tools: readonly ToolSpec[]): ToolSpec | undefined {
  const exact = tools.find((tool) => tool.name === name);
  if (exact) return exact;
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : tools.find((tool) => tool.name === name.slice(dot + 1));
}

/** The body's calls, each naming an offered tool with its values bound to names; undefined when the body is not only such calls. */
export function fenceCalls(body: string, tools: readonly ToolSpec[]): PythonCall[] | undefined {
  const lines = body.split(/\r?\n/).map((line) => withoutPythonComment(line).trim()).filter((line) => line !== '');
  const text = lines.map((line) => printed.exec(line)?.[1] ?? line).join('\n');
  const read = readPythonCallsAt(text, 0, { positional: true });
  if (!read || text.slice(read.end).trim() !== '') return undefined;
  const calls: PythonCall[] = [];
  for (const call of read.calls) {
    const tool = offeredTool(call.name, tools);
    const bound = tool ? bindPositional({ ...call, name: tool.name }, tool) : undefined;
    if (!bound) return undefined;
    calls.push(bound);
  }
  return calls;
}
