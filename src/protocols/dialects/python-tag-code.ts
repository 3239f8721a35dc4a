/**
 * Llama 3.1's code interpreter call: `<|python_tag|>` then raw Python up to `<|eom_id|>` (or the end),
 *
 *   I will compute it.<|python_tag|>xs = [3, 1, 2]\nsorted(xs)<|eom_id|>
 *
 * which Llama 3.1 writes for its built-in `code_interpreter`, and Functionary v3.1 for its `python`
 * tool. It is a call of the offered tool of that name (one of the two, not both), its code the tool's
 * lone text argument (`toolInputArgs`), or `code` where the tool declares none, as Functionary's server
 * reads it. Text before the tag is the plan. A JSON call or Python-style calls after the tag are other
 * readers' (`llama3.ts`, `pythonic-calls.ts`); with no such tool offered the tag is left to the
 * call-attempt check.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { specialTokenIn } from './find-call-attempt.ts';
import { readPythonCalls } from './python-literal.ts';
import { maskCode } from './mask-code.ts';
import { toolInputArgs } from './tool-input.ts';

const dialect = 'python-tag-code';
/** The names Llama 3.1 (`code_interpreter`) and Functionary (`python`) give the code interpreter. */
const interpreterNames: ReadonlySet<string> = new Set(['code_interpreter', 'python']);
const tag = '<|python_tag|>';
/** The end of the code: the end-of-message token, optionally the end of the turn, then the reply's end. */
const end = /\s*(?:<\|eom_id\|>|<\|eot_id\|>)?\s*$/;

/** True when `code` is only Python-style calls of offered tools (`python.call(code=..)`): `pythonic-calls.ts` reads those. */
function offeredCalls(code: string, tools: readonly ToolSpec[]): boolean {
  const calls = readPythonCalls(code);
  const offered = (name: string) => tools.some((tool) => tool.name === name || `${tool.name}.call` === name);
  return calls !== undefined && calls.every((call) => offered(call.name));
}

export const pythonTagCodeReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    // A tag shown as code (in backticks, a fence) is quoted, not a call.
    const at = maskCode(text).indexOf(tag);
    if (at < 0) return undefined;
    const interpreters = tools.filter((tool) => interpreterNames.has(tool.name));
    const [tool] = interpreters;
    if (!tool || interpreters.length > 1) return undefined;
    const code = text.slice(at + tag.length).replace(end, '').replace(/^\s*\n/, '');
    // JSON (`{"name": ..}`) and call lists belong to other readers; a second tag is not one block of code.
    if (code.trim() === '' || /^\s*[[{]/.test(code) || code.includes(tag) || offeredCalls(code, tools)) return undefined;
    const token = specialTokenIn(code);
    if (token !== undefined) return failedReading(dialect, { kind: 'invalid-args', message: `the code after ${tag} holds the special token ${token}, which is no part of it`, toolName: tool.name });
    const declared = isRecord(tool.inputSchema.properties) && Object.keys(tool.inputSchema.properties).length > 0;
    const args = declared ? toolInputArgs({ kind: 'text', value: code }, tool) : { ok: true as const, args: { code } };
    if (!args.ok) return failedReading(dialect, args.failure);
    const plan = text.slice(0, at).trim();
    const thoughts: Thought[] = plan === '' ? [] : [{ type: 'PLAN', content: plan }];
    return { dialect, items: [callItem(tool.name, args.args, tools)], thoughts, repaired: true, spans: [[at, text.length]] };
  },
};
