/**
 * LangChain's JSON (chat) agent: `{"action": "<tool>", "action_input": {..} | "text"}` (also with
 * `input`, and inside a `tool_call` / `tool_calls` wrapper, as Dify's ReAct agents read it), fenced or
 * bare, with prose around it; `"action": "Final Answer"` is the answer (its input as text). An object
 * counts only with exactly these keys (and an optional `thought`), and never with reins' own actions
 * (`call_tool`, `ask_user`, `answer_user`: the `json` protocol reads those). A text input goes to the
 * tool's lone text argument (see `tool-input.ts`). The `thought`, or else the prose before the object
 * (without a `Thought:` label), is the call's `reason` and a PLAN thought. A "Final Answer" step beside a
 * step calling a tool is corrected (one allowed, as in ReAct text). A step whose `action` is no
 * string is corrected, never answered. A step whose object the
 * text ends inside is cut off: a correction, never run with what the repair closed.
 */
import type { Thought } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { splitByRepair } from '../extract/split-by-repair.ts';
import { callItem, type DialectReader, failedReading, type Reading, offeredTool } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { readToolInput, type ToolInput, toolInputArgs } from './tool-input.ts';
import { withFramingSpelling } from './framing-key-spelling.ts';

const dialect = 'json-agent';
const agentKeys = new Set(['action', 'action_input', 'thought']);
/** The step's keys and the shortened input key, as other agents spell them (`actionInput`: KaibanJS). */
const framingKeys = new Set([...agentKeys, 'input']);
const reinsActions = new Set(['call_tool', 'ask_user', 'answer_user']);
const finalAnswer = /^final[ _]?answer$/i;

interface AgentStep {
  action: string;
  action_input: unknown;
  thought?: unknown;
}

function isAgentStep(value: unknown): value is AgentStep {
  return (
    isRecord(value) &&
    typeof value.action === 'string' &&
    !reinsActions.has(value.action) &&
    'action_input' in value &&
    Object.keys(value).every((key) => agentKeys.has(key))
  );
}

/**
 * The steps `value` writes: itself, the items of a list, or the step inside a `{"tool_call": {..}}` or
 * `{"tool_calls": [..]}` wrapper (its only key). `input` is read as `action_input` where that key is
 * absent (`{"action": "search", "input": ".."}`): the same step with its input key shortened.
 */
function stepsOf(written: unknown, depth = 0): AgentStep[] {
  if (Array.isArray(written)) return depth > 1 ? [] : written.flatMap((item) => stepsOf(item, depth + 1));
  if (!isRecord(written)) return [];
  const value = withFramingSpelling(written, framingKeys);
  const keys = Object.keys(value);
  if (keys.length === 1 && depth < 2 && (isRecord(value.tool_call) || Array.isArray(value.tool_calls))) return stepsOf(value.tool_call ?? value.tool_calls, depth + 1);
  if ('input' in value && !('action_input' in value)) {
    const { input, ...rest } = value;
    const step = { ...rest, action_input: input };
    return isAgentStep(step) ? [step] : [];
  }
  return isAgentStep(value) ? [value] : [];
}

function inputOf(value: unknown): ToolInput {
  if (isRecord(value)) return { kind: 'object', value };
  // A JSON string is the input as the model encoded it: a fence or quotes inside it are part of it.
  if (typeof value === 'string') return /^\s*\{/.test(value) ? readToolInput(value) : { kind: 'text', value };
  return { kind: 'text', value: value === null || value === undefined ? '' : JSON.stringify(value) };
}

export const jsonAgentReader: DialectReader = {
  dialect,
  needs: '{', // the step is a JSON object
  read(text, { tools }): Reading | undefined {
    const steps: AgentStep[] = [];
    const spans: Array<readonly [number, number]> = [];
    let firstStart: number | undefined;
    // A step quoted as code (inline, or a fence holding more than the object) is talk about a step.
    for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
      const json = readJson(span.text);
      if (!json.ok) continue;
      const found = stepsOf(json.value);
      // `{"action": {..}, "action_input": ..}`: a step in this shape whose action names no tool is still a step.
      if (found.length === 0 && isRecord(json.value) && 'action_input' in json.value && 'action' in json.value && typeof json.value.action !== 'string' && Object.keys(json.value).every((key) => agentKeys.has(key))) {
        return failedReading(dialect, { kind: 'no-decision', message: 'the step\'s "action" must be the name of a tool (a string), with its input in "action_input"' });
      }
      // Completeness: a step whose object never closes is cut off; its repaired reading is a guess.
      const cut = found.find(() => !span.complete);
      if (cut) return failedReading(dialect, { kind: 'no-decision', message: `the step of \`${sanitizeName(cut.action)}\` is cut off before its JSON object closes: resend the whole step`, toolName: sanitizeName(cut.action) });
      // Beside a step, a list item that is no step, or one written object the repair split in two, is
      // refused: dropping the rest would run another step than the one written (as `llama3.ts`).
      if (found.length && Array.isArray(json.value) && (found.length < json.value.length || splitByRepair(span.text, json))) {
        const action = sanitizeName(found[0]?.action ?? '');
        return failedReading(dialect, { kind: 'invalid-json', message: `the JSON holding the step of \`${action}\` holds more than steps (an object that is no step, or an object split in two): write each step as one JSON object`, toolName: action });
      }
      if (found.length) {
        firstStart ??= span.start;
        spans.push([span.start, span.end]);
      }
      steps.push(...found);
    }
    if (steps.length === 0) return undefined;
    const prose = text
      .slice(0, firstStart)
      .replace(/(?:`{3,}|~{3,})[\w-]*\s*$/, '') // the fence opening the object
      .trim()
      .replace(/^(?:[*_]{1,2})?thought(?:[*_]{1,2})?\s*:(?:[*_]{1,2})?\s*/i, '');
    const items: unknown[] = [];
    const thoughts: Thought[] = [];
    // A final answer beside a step that calls a tool answers before the tool's result is known: one allowed, as in ReAct text.
    const finished = steps.find((step) => finalAnswer.test(step.action.trim()));
    const calling = steps.find((step) => !finalAnswer.test(step.action.trim()));
    if (finished && calling) {
      const action = sanitizeName(calling.action);
      return failedReading(dialect, { kind: 'too-many-actions', message: `both a step calling \`${action}\` and a "Final Answer" step given, one allowed`, toolName: action });
    }
    for (const step of steps) {
      const reason = typeof step.thought === 'string' ? step.thought.trim() : prose;
      if (reason && items.length === 0) thoughts.push({ type: 'PLAN', content: reason });
      if (finalAnswer.test(step.action.trim())) {
        const answer = typeof step.action_input === 'string' ? step.action_input : JSON.stringify(step.action_input ?? '');
        items.push({ action: 'answer_user', answer: answer.trim() });
        continue;
      }
      const tool = offeredTool(tools, step.action);
      const args = toolInputArgs(inputOf(step.action_input), tool);
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(step.action, args.args, tools, reason));
    }
    return { dialect, items, thoughts, repaired: true, spans };
  },
};
