/**
 * DSPy's ReAct step: three fields, `next_thought`, `next_tool_name` and `next_tool_args` (a JSON
 * object), in the layout of the adapter that rendered the prompt:
 *
 *   [[ ## next_tool_name ## ]]          ChatAdapter: a marker at a line's start per field, the value
 *   search                              after it (on its line or the next), `[[ ## completed ## ]]`
 *                                       at the end (optional)
 *   [[ ## next_tool_args ## ]]
 *   {"query": "x"}
 *
 *   {"next_thought": "..", "next_tool_name": "search", "next_tool_args": {"query": "x"}}   JSONAdapter
 *   <next_tool_name>search</next_tool_name><next_tool_args>{..}</next_tool_args>           XMLAdapter
 *
 * A step is read only when every field it holds is one of the three (and, in the ChatAdapter layout,
 * the `completed` marker): another field would be dropped, so the step is corrected instead. A step
 * without `next_tool_args`, a field given twice, an element left open, a step or arguments cut off
 * before their JSON object closes and arguments that are no JSON object are corrected too, never run with arguments guessed. `finish` is DSPy's way to end the task;
 * where no tool has that name, the model is asked to give its answer as plain text (the answer itself
 * is not in the step). `next_thought` is the call's reason and a PLAN thought.
 */
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading, type ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';

const dialect = 'dspy-react';
const stepFields = ['next_thought', 'next_tool_name', 'next_tool_args'] as const;
type Field = (typeof stepFields)[number];

interface Step {
  fields: Partial<Record<Field, unknown>>;
  spans: Array<readonly [number, number]>;
  /** Set when the layout is present but cannot be read as one step. */
  failure?: string;
}

const twoSteps = 'two steps given, one allowed per turn';
const cutOff = 'the step is cut off before its JSON object closes: resend the whole step';
const isStepField = (name: string): name is Field => (stepFields as readonly string[]).includes(name);

/** ChatAdapter: `[[ ## field ## ]]` at a line's start; a field's value (on that line or the next) runs to the next marker. */
function chatStep(text: string): Step | undefined {
  const markers = [...maskCode(text).matchAll(/^[ \t]*\[\[ ## (\w+) ## \]\]/gm)];
  if (!markers.some((marker) => marker[1] === 'next_tool_name')) return undefined;
  const step: Step = { fields: {}, spans: [] };
  for (const [index, marker] of markers.entries()) {
    const name = marker[1] as string;
    const valueStart = marker.index + marker[0].length;
    const next = markers[index + 1]?.index ?? text.length;
    if (name === 'completed') {
      // Text after `completed` is prose, checked as such; a field marker after it is still read.
      step.spans.push([marker.index, valueStart]);
      continue;
    }
    if (!isStepField(name)) return { ...step, failure: `the field \`${sanitizeName(name)}\` is no part of a step (fields: ${stepFields.join(', ')})` };
    if (name in step.fields) return { ...step, failure: twoSteps };
    const end = name === 'next_tool_args' ? argumentsEnd(text, valueStart, next) : next;
    step.fields[name] = text.slice(valueStart, end).trim();
    step.spans.push([marker.index, end]);
  }
  return step;
}

/**
 * Where a ChatAdapter `next_tool_args` value ends: after its JSON object (and a fence closing it) when
 * only blanks or a fence open it, so text after the object is prose, checked as such; else at `next`.
 */
function argumentsEnd(text: string, from: number, next: number): number {
  const value = text.slice(from, next);
  const [span] = findJsonSpans(value, 1);
  if (!span?.complete || !/^\s*(?:```[\w-]*\s*)?$/.test(value.slice(0, span.start))) return next;
  const fence = /^\s*```/.exec(value.slice(span.end));
  return from + span.end + (fence ? fence[0].length : 0);
}

/** XMLAdapter: one element per field. */
function xmlStep(text: string): Step | undefined {
  const elements = [...maskCode(text).matchAll(/<(next_thought|next_tool_name|next_tool_args)>([\s\S]*?)(<\/\1>|$)/g)];
  if (!elements.some((element) => element[1] === 'next_tool_name')) return undefined;
  const step: Step = { fields: {}, spans: [] };
  for (const element of elements) {
    const [whole, name, , closing] = element as unknown as [string, Field, string, string];
    if (!closing) return { ...step, failure: `<${name}> is not closed with </${name}>` };
    if (name in step.fields) return { ...step, failure: twoSteps };
    step.fields[name] = text.slice(element.index + name.length + 2, element.index + whole.length - closing.length).trim();
    step.spans.push([element.index, element.index + whole.length]);
  }
  return step;
}

/** JSONAdapter: one object holding `next_tool_name`. */
function jsonStep(text: string): Step | undefined {
  let found: Step | undefined;
  // JSON quoted as code inside prose is talk about a step (a fence holding only the object is the step).
  for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
    if (!/["']next_tool_name["']\s*:/.test(span.text)) continue;
    const json = readJson(span.text);
    // A step whose object cannot be read is still a step: never answered as text.
    if (!json.ok) return { fields: {}, spans: [], failure: span.complete ? `the step could not be read: ${json.message}` : cutOff };
    if (!isRecord(json.value) || !('next_tool_name' in json.value)) continue;
    if (found) return { ...found, failure: twoSteps };
    const other = Object.keys(json.value).find((key) => !isStepField(key));
    found = { fields: json.value, spans: [[span.start, span.end]] };
    if (!span.complete) found.failure = cutOff;
    else if (other !== undefined) found.failure = `the key \`${sanitizeName(other)}\` is no part of a step (keys: ${stepFields.join(', ')})`;
  }
  return found;
}

/** True when `value` opens a JSON object (after blanks or a fence) that never closes. */
function opensUnclosedObject(value: string): boolean {
  const [span] = findJsonSpans(value, 1);
  return span !== undefined && !span.complete && /^\s*(?:```[\w-]*\s*)?$/.test(value.slice(0, span.start));
}

function failed(message: string, toolName?: string): Reading {
  const kind = message === twoSteps ? 'too-many-actions' : 'no-decision';
  const failure: ReadFailure = { kind, message, ...(toolName === undefined ? {} : { toolName }) };
  return { ...failedReading(dialect, failure), conclusive: true };
}

export const dspyReactReader: DialectReader = {
  dialect,
  needs: '[<{',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('next_tool_name')) return undefined;
    // Every layout is looked for: a second step in another layout is never dropped beside the first.
    const [step, other] = [chatStep(text), xmlStep(text), jsonStep(text)].filter((found) => found !== undefined);
    if (!step) return undefined;
    if (other) return failed(twoSteps);
    if (step.failure) return failed(step.failure);
    const { next_thought: thought, next_tool_name: written, next_tool_args: writtenArgs } = step.fields;
    const name = typeof written === 'string' ? written.trim() : '';
    if (name === '') return failed('`next_tool_name` names no tool');
    if (name === 'finish' && !tools.some((tool) => tool.name === name)) {
      return failed('`finish` is no tool here: to end the task, give the answer as plain text, without the step fields');
    }
    const toolName = sanitizeName(name);
    if (typeof writtenArgs === 'string' && opensUnclosedObject(writtenArgs)) return failed(`the \`next_tool_args\` of \`${toolName}\` are cut off before their JSON object closes: resend the whole step`, toolName);
    if (writtenArgs === undefined) return failed(`the step calling \`${toolName}\` has no \`next_tool_args\`: give them as a JSON object ({} when the tool takes none)`, toolName);
    const args = argumentsValue(writtenArgs);
    if (args.unreadable !== undefined || !isRecord(args.value)) {
      return { ...failedReading(dialect, { kind: 'invalid-json', message: `\`next_tool_args\` of \`${toolName}\` is no JSON object${args.unreadable ? `: ${args.unreadable}` : ''}`, toolName }), conclusive: true };
    }
    const reason = typeof thought === 'string' ? thought.trim() : '';
    return {
      dialect,
      items: [callItem(name, args.value, tools, reason)],
      thoughts: reason ? [{ type: 'PLAN', content: reason }] : [],
      repaired: true,
      spans: step.spans,
    };
  },
};
