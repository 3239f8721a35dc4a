/**
 * ReAct text, the agent format of LangChain and LlamaIndex:
 * `Thought: ..` / `Action: <tool>` / `Action Input: <JSON object, Python-style dict or text>` is a
 * call (the Thought is its `reason`); `Final Answer: ..` (or LlamaIndex's `Answer: ..` after a
 * Thought) is the answer, running to the end of the text. A model-written `Observation:` is a
 * guessed tool result and is ignored. Rejected, with a precise message: an action together with a
 * final answer, an `Action:` naming a tool without its `Action Input:`, an `Action Input:` without
 * an `Action:`, and a reply that opens with `Thought:` and then names an action without its input or
 * is that one paragraph of thought. Labels count only at the start of a line. An `Action:` line is an
 * attempt when it names an offered tool or is one identifier (`Action: lookup`, a tool not offered:
 * corrected, never taken as the answer); one in prose that names no tool (`Action: none needed ..`,
 * `Action: None`) is prose, and so is a Thought followed by more paragraphs.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { type ReactSection, reactSections } from './react-sections.ts';
import { readToolInput, toolInputArgs } from './tool-input.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';

const dialect = 'react';

interface ReactCall {
  name: string;
  reason: string;
  /** Where its `Action:` line starts. */
  start: number;
  input?: ReactSection;
}

const isKnown = (name: string, tools: readonly ToolSpec[]): boolean => tools.some((tool) => tool.name === name);
/** One identifier, as a tool name is written (not a null word such as `None` or `N/A`). */
const looksLikeToolName = (name: string): boolean => /^[A-Za-z_][\w.-]*$/.test(name) && !/^(?:none|null|nil|nothing|no|n)$/i.test(name);

/** The tool named by an `Action:` section: its first line, without quotes or emphasis; `add (adds numbers)` -> `add`. */
function actionName(body: string, tools: readonly ToolSpec[]): string {
  const line = body.split('\n').map((part) => part.trim()).find((part) => part !== '') ?? '';
  const bare = line.replace(/^[*_`'"]+|[*_`'"]+$/g, '').trim();
  const described = /^([^\s(]+)\s*\(.*\)$/.exec(bare)?.[1];
  return !isKnown(bare, tools) && described !== undefined && isKnown(described, tools) ? described : bare;
}

/** Pairs every `Action:` with the `Action Input:` after it; the first problem found is returned too. */
function pairCalls(lead: string, sections: readonly ReactSection[], tools: readonly ToolSpec[]): { calls: ReactCall[]; problem?: ReadFailure } {
  const calls: ReactCall[] = [];
  let problem: ReadFailure | undefined;
  let reason = lead;
  for (const section of sections) {
    if (section.label === 'thought') reason = section.body.trim();
    if (section.label === 'action') calls.push({ name: actionName(section.body, tools), reason, start: section.start });
    if (section.label !== 'input') continue;
    const last = calls.at(-1);
    if (last && !last.input) last.input = section;
    else problem ??= { kind: 'no-decision', message: 'an `Action Input:` has no `Action:` line naming the tool before it' };
  }
  const lone = calls.find((call) => !call.input);
  if (lone && !problem) {
    const toolName = sanitizeName(lone.name);
    problem = { kind: 'no-decision', message: `\`Action: ${toolName}\` has no \`Action Input:\` line`, toolName };
  }
  return { calls, problem };
}

/**
 * Where the call ends: after its input's JSON object (and a fence closing it) when the input is one,
 * for text after it is no part of the input; else at the end of the input's text.
 */
function callEnd(text: string, input: ReactSection, kind: string): number {
  const bodyEnd = input.bodyStart + input.body.trimEnd().length;
  const open = text.indexOf('{', input.bodyStart);
  const close = kind === 'object' && open >= 0 ? closingBracketIndex(text, open) : -1;
  if (close < 0 || close > bodyEnd) return bodyEnd;
  const fence = /^\s*```/.exec(text.slice(close, bodyEnd));
  return close + (fence ? fence[0].length : 0);
}

function thoughtsBefore(lead: string, sections: readonly ReactSection[], end: number): Thought[] {
  const texts = [lead, ...sections.filter((section) => section.label === 'thought' && section.start < end).map((section) => section.body.trim())];
  return texts.filter((content) => content !== '').map((content) => ({ type: 'PLAN', content }));
}

export const reactTextReader: DialectReader = {
  dialect,
  needs: ':', // every label ends in a colon
  read(text, { tools }): Reading | undefined {
    const { lead, sections } = reactSections(text);
    if (sections.length === 0) return undefined;
    const firstThought = sections.findIndex((section) => section.label === 'thought');
    const final = sections.find((section, index) => section.label === 'final' || (section.label === 'answer' && firstThought >= 0 && firstThought < index));
    const { calls, problem } = pairCalls(lead, sections, tools);
    // A lone `Action:` that names no tool (`Action: None`, a sentence) is prose; one naming a tool is an attempt.
    const attempts = calls.filter((call) => call.input || isKnown(call.name, tools) || looksLikeToolName(call.name));
    const hasInput = sections.some((section) => section.label === 'input');
    if (final && attempts.length > 0) {
      const message = `both an action (\`Action: ${sanitizeName(attempts[0]?.name)}\`) and a \`Final Answer:\` given, one allowed`;
      return failedReading(dialect, { kind: 'too-many-actions', message });
    }
    if (final) {
      const answer = text.slice(final.bodyStart).trim();
      if (answer === '') return failedReading(dialect, { kind: 'no-decision', message: 'the `Final Answer:` is empty' });
      return { dialect, items: [{ action: 'answer_user', answer }], thoughts: thoughtsBefore(lead, sections, final.start), repaired: true };
    }
    if (attempts.length === 0 && !hasInput) {
      // Prose holding an `Action:` line stays prose. A reply that opens with `Thought:` is a ReAct turn left
      // unfinished when it names an action, or is one paragraph of thought (a plan, not an answer).
      if (lead !== '' || sections[0]?.label !== 'thought') return undefined;
      if (problem) return failedReading(dialect, problem);
      const onlyThought = sections.length === 1 && !/\n[ \t]*\n\s*\S/.test(sections[0].body.trim());
      return onlyThought ? failedReading(dialect, { kind: 'no-decision', message: 'a `Thought:` without an action or a final answer' }) : undefined;
    }
    if (problem) return failedReading(dialect, problem);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    for (const call of calls) {
      const tool = tools.find((candidate) => candidate.name === call.name);
      const input = readToolInput(call.input?.body ?? '');
      const args = toolInputArgs(input, tool);
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(call.name, args.args, tools, call.reason));
      if (call.input) spans.push([call.start, callEnd(text, call.input, input.kind)]);
    }
    const firstAction = sections.find((section) => section.label === 'action');
    return { dialect, items, thoughts: thoughtsBefore(lead, sections, firstAction?.start ?? text.length), repaired: true, spans };
  },
};
