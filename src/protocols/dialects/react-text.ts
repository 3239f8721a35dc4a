/**
 * ReAct text, the agent format of LangChain and LlamaIndex:
 * `Thought: ..` / `Action: <tool>` / `Action Input: <JSON object, Python-style dict or text>` is a
 * call (the Thought is its `reason`); its input may also stand on the lines under the tool's name with
 * no label (`react-action-body.ts`). `Final Answer: ..` (or LlamaIndex's `Answer: ..`, LangChain's
 * conversational `AI: ..`, after a Thought) is the answer, running to the end of the text. A model-written `Observation:` is a
 * guessed tool result and is ignored, and an action after one is corrected (planned on that guess). Rejected, with a precise message: an action together with a
 * final answer, an `Action:` naming a tool without its `Action Input:`, an `Action Input:` without
 * an `Action:`, and a reply that opens with `Thought:` and then names an action without its input or
 * is that one paragraph of thought. Labels count only at the start of a line. An `Action:` line is an
 * attempt when it names an offered tool (also opening the line with more after it, `Action: Click 7`),
 * is one identifier (`Action: lookup`, a tool not offered:
 * corrected, never taken as the answer) or holds a JSON value (`Actions: [{"name": ..}]`, griptape's
 * actions: a call no reader read, never dropped beside a final answer); one in prose that names no tool (`Action: none needed ..`,
 * `Action: None`) is prose, and so is a Thought followed by more paragraphs. The bracket form
 * `Action: Search[foo]` and a stop word cut short on the last line: see `react-bracket-action.ts`.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading, offeredTool } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { availableList } from '../validate-decision.ts';
import { type BracketAction, bracketAction, isFinish, withoutCutStopWord } from './react-bracket-action.ts';
import { type LabelSpelling, type ReactSection, reactSections } from './react-sections.ts';
import { readToolInput, toolInputArgs } from './tool-input.ts';
import { actionBody } from './react-action-body.ts';
import { noArgumentActionEnd } from './no-argument-action.ts';
import { beforeTrailer } from './action-trailer.ts';
import { type ChildElement, elementArguments } from './tag-elements.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord } from '../extract/read-json.ts';
import { pythonStep } from './python-step.ts';

const dialect = 'react';

interface ReactCall {
  name: string;
  reason: string;
  /** The inline input was written in round brackets, `Finish(..)`. */
  round?: boolean;
  /** Where its `Action:` line starts. */
  start: number;
  /** Where the action's own text starts: on the label's line, or on the next line under a label that ends its line (`### Action ###`). */
  actionAt: number;
  input?: ReactSection;
  /** The input written in brackets after the name, `Action: Search[foo]`. */
  inline?: string;
  /** The arguments of a step written as a Python call, `Action: tap(12)` (`python-step.ts`). */
  args?: Record<string, unknown>;
  /** The arguments written as elements under the name (`react-action-body.ts`), and where they end. */
  elements?: { children: ChildElement[]; end: number };
  /** The name alone is the whole call, ending here: the tool takes no arguments (`no-argument-action.ts`). */
  wholeEnd?: number;
}

const hasProperties = (tool: ToolSpec): boolean => isRecord(tool.inputSchema.properties) && Object.keys(tool.inputSchema.properties).length > 0;
/** `None`, `N/A`, `no action`, with or without a reason after it: the model says it takes no action. */
const namesNoAction = (name: string): boolean => /^(?:none|null|nil|nothing|no[ _-]?(?:action|tool)s?|n\/?a)(?![\w/])/i.test(name);
const isKnown = (name: string, tools: readonly ToolSpec[]): boolean => tools.some((tool) => tool.name === name);
/** An action written as a JSON value (`Actions: [{"name": ..}]`), not as a tool's name: never prose; `[]` or `{}` is no action. */
const writesJson = (name: string): boolean => /^(?:\{|\[\s*[{["])/.test(name) && !/^\{\s*\}$/.test(name);
/** One identifier, as a tool name is written (not a null word such as `None` or `N/A`). */
const looksLikeToolName = (name: string): boolean => /^[A-Za-z_][\w.-]*$/.test(name) && !/^(?:none|null|nil|nothing|no|n)$/i.test(name);

/**
 * The offered tool whose name opens an action's line followed by a space and more than a description
 * in brackets (`Click 7`, `ANSWER; 42`), or undefined: a step in a form no reader knows, never prose.
 */
function ledByTool(name: string, tools: readonly ToolSpec[]): string | undefined {
  return tools.find((tool) => tool.name !== '' && name.length > tool.name.length && name.startsWith(tool.name) && /^[ \t;:,]+\S/.test(name.slice(tool.name.length)))?.name;
}

/** The tool named by an `Action:` section: its first line, without quotes or emphasis; `add (adds numbers)` -> `add`. */
function actionName(body: string, tools: readonly ToolSpec[]): string {
  const line = body.split('\n').map((part) => part.trim()).find((part) => part !== '') ?? '';
  // A name an offered tool has as written keeps its `_` and `*` (a tool may be named `lookup_`).
  if (isKnown(line, tools)) return line;
  // `get\_weather`: a markdown escape (models that write markdown escape `_` and `*`) is no part of the name.
  const bare = line.replace(/^[*_`'"]+|[*_`'"]+$/g, '').replace(/\\(?=[_*])/g, '').trim();
  const described = /^([^\s(]+)\s*\(.*\)$/.exec(bare)?.[1];
  return !isKnown(bare, tools) && described !== undefined && isKnown(described, tools) ? described : bare;
}

/** Where the line holding `index` ends. */
function lineEnd(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  return end < 0 ? text.length : end;
}

/**
 * The action's input written on its line in brackets (`react-bracket-action.ts`). In round brackets only
 * `Finish(answer)` reads (the answer), and `tool(..)` holding Python literals only (`python-step.ts`);
 * any other `tool(..)` is corrected, for its input may be Python arguments;
 * `tool(what it does)` followed by an `Action Input:` is the tool's name with a description.
 */
function inlineAction(body: string, next: ReactSection | undefined, tools: readonly ToolSpec[], spelling: LabelSpelling): (BracketAction & { args?: Record<string, unknown> }) | undefined {
  const offered = (name: string) => isKnown(name, tools);
  let bracketed = bracketAction(body, offered);
  // `Action: tap(5)` then `Summary: ..` (a labelled trailer, prose): the step is its line, where that line is whole.
  const step = bracketed?.problem ? beforeTrailer(body) : undefined;
  const shorter = step === undefined ? undefined : bracketAction(step, offered);
  if (shorter && !shorter.problem) bracketed = shorter;
  if (!bracketed?.round || (isFinish(bracketed.name) && !isKnown(bracketed.name, tools))) return bracketed;
  if (next?.label === 'input') return undefined;
  // `Action: tap(12)`: Python literals, keyword or positional, read as Python binds them.
  const args = bracketed.problem ? undefined : pythonStep(`${bracketed.name}(${bracketed.input})`, tools);
  if (args) return { ...bracketed, args };
  const shown = sanitizeName(bracketed.name);
  return { ...bracketed, problem: bracketed.problem ?? `\`${spelling.action} ${shown}(..)\` gives its input in parentheses: write \`${spelling.action} ${shown}\` and its \`${spelling.input}\` as one JSON object` };
}

/** Pairs every `Action:` with the `Action Input:` after it; the first problem found is returned too. */
function pairCalls(lead: string, sections: readonly ReactSection[], tools: readonly ToolSpec[], spelling: LabelSpelling): { calls: ReactCall[]; problem?: ReadFailure } {
  const calls: ReactCall[] = [];
  let problem: ReadFailure | undefined;
  let reason = lead;
  for (const [index, section] of sections.entries()) {
    if (section.label === 'thought') reason = section.body.trim();
    const bracketed = section.label === 'action' ? inlineAction(section.body, sections[index + 1], tools, spelling) : undefined;
    // A tool nobody offered is named as such (`unknown-tool-call-line.ts` reads the same line so), whatever its brackets.
    if (bracketed?.problem && !isKnown(bracketed.name, tools)) problem ??= { kind: 'unknown-tool', message: `\`${sanitizeName(bracketed.name)}\` is no offered tool (available: ${availableList(tools)})`, toolName: sanitizeName(bracketed.name) };
    else if (bracketed?.problem) problem ??= { kind: 'no-decision', message: bracketed.problem, toolName: sanitizeName(bracketed.name) };
    const actionAt = section.bodyStart + (section.body.length - section.body.trimStart().length);
    if (bracketed) calls.push({ name: bracketed.name, reason, inline: bracketed.input, start: section.start, actionAt, ...(bracketed.round ? { round: true } : {}), ...(bracketed.args ? { args: bracketed.args } : {}) });
    else if (section.label === 'action') {
      const name = actionName(section.body, tools);
      // The input may be written under the name, with no `Action Input:` label.
      const under = sections[index + 1]?.label === 'input' ? undefined : actionBody(section, tools.find((tool) => tool.name === name));
      if (under?.kind === 'broken') problem ??= under.failure;
      const end = section.bodyStart + section.body.trimEnd().length;
      const wholeEnd = under ? undefined : noArgumentActionEnd(section, index === sections.length - 1, name, tools.find((tool) => tool.name === name));
      calls.push({ name, reason, start: section.start, actionAt, ...(under?.kind === 'input' ? { input: under.input } : {}), ...(under?.kind === 'elements' ? { elements: { children: under.children, end } } : {}), ...(wholeEnd !== undefined ? { wholeEnd } : {}) });
    }
    if (section.label !== 'input') continue;
    const last = calls.at(-1);
    if (last && !last.input && last.inline === undefined) last.input = section;
    else problem ??= { kind: 'no-decision', message: `an \`${spelling.input}\` has no \`${spelling.action}\` line naming the tool before it` };
  }
  const lone = calls.find((call) => !call.input && call.inline === undefined && !call.elements && call.wholeEnd === undefined);
  if (lone && !problem && !isKnown(lone.name, tools) && namesNoAction(lone.name)) {
    // `Action: None`, `Action: N/A (no tool needed)`: the model means no action, and its answer is still to be written.
    problem = { kind: 'no-decision', message: `the \`${spelling.action}\` line names no tool: to answer, write \`${spelling.final} ..\`; to use a tool, name it and give its \`${spelling.input}\`` };
  } else if (lone && !problem && writesJson(lone.name)) {
    problem = { kind: 'no-decision', message: `the \`${spelling.action}\` line holds JSON, not a tool's name: write \`${spelling.action} <tool>\` and its \`${spelling.input} {..}\`` };
  } else if (lone && !problem) {
    const led = ledByTool(lone.name, tools);
    const toolName = sanitizeName(led ?? lone.name);
    // `Action: Click 7`: the tool's name, then its input in a form no reader knows.
    const message = led ? `\`${spelling.action} ${toolName}\` has more after the tool's name on its line: write the name alone, then its \`${spelling.input}\` as one JSON object` : `\`${spelling.action} ${toolName}\` has no \`${spelling.input}\` line`;
    problem = { kind: 'no-decision', message, toolName };
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

/**
 * The spelling of a model-written observation with an action after it, or undefined. A step planned on
 * a result the model made up (`Action: a` / `Observation: ..` / `Action: b`) is no call of `b`: the
 * framework stops the model at that label, and reading on would run `b` on a guessed result.
 */
function actionAfterObservation(text: string, sections: readonly ReactSection[]): string | undefined {
  const observation = sections.findIndex((section, index) => section.label === 'observation' && sections.slice(0, index).some((before) => before.label === 'action'));
  if (observation < 0 || !sections.slice(observation + 1).some((after) => after.label === 'action')) return undefined;
  const label = sections[observation];
  return label && text.slice(label.start, label.bodyStart).trim();
}

export const reactTextReader: DialectReader = {
  dialect,
  needs: ':#', // every label ends in a colon, but a heading's (`### Action ###`)
  read(reply, { tools }): Reading | undefined {
    const text = withoutCutStopWord(reply);
    const { lead, sections, spelling, runTogether } = reactSections(text, tools.map((tool) => tool.name));
    if (sections.length === 0) return undefined;
    if (runTogether) return failedReading(dialect, { kind: 'no-decision', message: `several steps on one line: write each \`${spelling.action}\` and its \`${spelling.input}\` on lines of their own` });
    const firstThought = sections.findIndex((section) => section.label === 'thought');
    const final = sections.find((section, index) => section.label === 'final' || (section.label === 'answer' && firstThought >= 0 && firstThought < index));
    const { calls, problem } = pairCalls(lead, sections, tools, spelling);
    const invented = actionAfterObservation(text, sections);
    if (invented) return failedReading(dialect, { kind: 'no-decision', message: `an \`${spelling.action}\` follows an \`${invented}\` the reply wrote itself: the result comes from the tool, so stop after the first action's input` });
    // A lone `Action:` that names no tool (`Action: None`, a sentence) is prose; one naming a tool is an attempt.
    const attempts = calls.filter((call) => call.input || call.elements || call.inline !== undefined || isKnown(call.name, tools) || looksLikeToolName(call.name) || ledByTool(call.name, tools) !== undefined);
    // An action written as JSON is left to the JSON readers, but never dropped beside a final answer.
    const beside = [...attempts, ...calls.filter((call) => writesJson(call.name))];
    const hasInput = sections.some((section) => section.label === 'input');
    if (final && beside.length > 0) {
      const first = beside[0]?.name ?? '';
      const shown = writesJson(first) ? `${first[0]}..` : sanitizeName(first);
      const message = `both an action (\`${spelling.action} ${shown}\`) and a \`${spelling.final}\` given, one allowed`;
      return failedReading(dialect, { kind: 'too-many-actions', message });
    }
    const finish = attempts.find((call) => call.inline !== undefined && isFinish(call.name) && !isKnown(call.name, tools));
    if (finish && attempts.length === 1 && !problem) {
      const answer = (finish.inline ?? '').trim();
      if (answer === '') return failedReading(dialect, { kind: 'no-decision', message: `the \`${sanitizeName(finish.name)}${finish.round ? '(..)' : '[..]'}\` answer is empty` });
      return { dialect, items: [{ action: 'answer_user', answer }], thoughts: thoughtsBefore(lead, sections, text.length), repaired: true };
    }
    if (final) {
      const answer = text.slice(final.bodyStart).trim();
      if (answer === '') return failedReading(dialect, { kind: 'no-decision', message: `the \`${spelling.final}\` is empty` });
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
      const tool = offeredTool(tools, call.name);
      if (call.elements && tool) {
        const read = elementArguments(call.elements.children, tool);
        if (!read.ok) return failedReading(dialect, read.failure);
        items.push(callItem(call.name, read.args, tools, call.reason));
        spans.push([call.start, call.elements.end]);
        continue;
      }
      if (call.args && tool) {
        items.push(callItem(call.name, call.args, tools, call.reason));
        spans.push([call.start, lineEnd(text, call.actionAt)]);
        continue;
      }
      const input = readToolInput(call.inline ?? call.input?.body ?? '');
      // An `Action Input:` with nothing after it has no end to show it is whole (the reply may stop
      // right after the label): for a tool that declares arguments, `{}` would be a guess.
      if (call.input && input.kind === 'text' && input.value === '' && tool && hasProperties(tool)) {
        const toolName = sanitizeName(tool.name);
        return failedReading(dialect, { kind: 'invalid-args', message: `the \`${spelling.input}\` of \`${toolName}\` is empty: give its arguments as one JSON object ({} for none)`, toolName });
      }
      const args = toolInputArgs(input, tool);
      // An input cut off or in two pieces is certainly a call: its failure stands beside other dialects' calls.
      if (!args.ok) return { ...failedReading(dialect, args.failure), ...(input.kind === 'text' && input.broken ? { conclusive: true } : {}) };
      items.push(callItem(call.name, args.args, tools, call.reason));
      if (call.input) spans.push([call.start, callEnd(text, call.input, input.kind)]);
      // `Action: Search[q]`: the call is its line; a tool without arguments named alone, its section.
      else if (call.inline !== undefined) spans.push([call.start, lineEnd(text, call.actionAt)]);
      else if (call.wholeEnd !== undefined) spans.push([call.start, call.wholeEnd]);
    }
    const firstAction = sections.find((section) => section.label === 'action');
    return { dialect, items, thoughts: thoughtsBefore(lead, sections, firstAction?.start ?? text.length), repaired: true, spans };
  },
};
