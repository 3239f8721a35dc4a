/**
 * A call element whose body is one text and no parameter element, closed by its own tag or by a
 * wrapper's (`<function=run_shell_command>ls -la</function>`, `<tool_call><function=shell>ls</tool_call>`):
 * the text is the tool's lone input, read as a tool-name tag's body is (`tool-input.ts`). Only a tool
 * of one property takes it (invariant: no guessed assignment of a body to a field); a body holding any
 * markup or written as `key: value` lines, a tool of several properties, or another call after this
 * one keeps the call unreadable.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { readToolInput, type ToolArgs, toolInputArgs } from './tool-input.ts';
import type { CallForm } from './tag-calls.ts';
import { startsAsYamlMapping } from './yaml-arguments.ts';

export interface LoneBodyCall {
  /** Where the call ends: after its own close, or before the wrapper's close (left in place). */
  end: number;
  args: Extract<ToolArgs, { ok: true }>['args'];
}

/** True when the tool declares exactly one property: the only field a lone text can be. */
function takesOneProperty(tool: ToolSpec): boolean {
  const properties = tool.inputSchema.properties;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length === 1;
}

/** The lone-input reading of the call of `form` opening at `start` in `text`; undefined when it has none. */
export function loneBodyCall(text: string, start: number, form: CallForm, tool: ToolSpec | undefined): LoneBodyCall | undefined {
  if (!tool || !takesOneProperty(tool)) return undefined;
  const opening = new RegExp(form.open.source, form.open.flags.replace(/g/, '') + (form.open.flags.includes('y') ? '' : 'y'));
  opening.lastIndex = start;
  const open = opening.exec(text);
  if (!open || open.groups?.empty !== undefined) return undefined;
  const bodyStart = start + open[0].length;
  const close = form.close(open);
  const ownClose = text.indexOf(close, bodyStart);
  const wrapperCloses = (form.endsAt ?? []).map((tag) => text.indexOf(tag, bodyStart)).filter((at) => at >= 0);
  const bodyEnd = Math.min(...[ownClose, ...wrapperCloses].filter((at) => at >= 0));
  if (!Number.isFinite(bodyEnd)) return undefined;
  const body = text.slice(bodyStart, bodyEnd);
  // Any tag inside is markup of some dialect (an argument element, a call), never part of one text input.
  if (body.includes('<')) return undefined;
  // `key: value` lines are arguments by name, never the text of one field (the YAML reader's, not this one's).
  if (startsAsYamlMapping(body)) return undefined;
  const end = bodyEnd === ownClose ? ownClose + close.length : bodyEnd;
  // The scan of calls stops at a call it cannot read: one written after this one was never looked at.
  const later = new RegExp(form.open.source, form.open.flags.includes('g') ? form.open.flags : `${form.open.flags}g`);
  later.lastIndex = end;
  if (later.exec(text)) return undefined;
  const args = toolInputArgs(readToolInput(body), tool);
  return args.ok && Object.keys(args.args).length > 0 ? { end, args: args.args } : undefined;
}
