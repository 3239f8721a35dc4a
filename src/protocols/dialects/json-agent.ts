/**
 * LangChain's JSON (chat) agent: `{"action": "<tool>", "action_input": {..} | "text"}`, fenced or
 * bare, with prose around it; `"action": "Final Answer"` is the answer (its input as text). An object
 * counts only with exactly these keys (and an optional `thought`), and never with reins' own actions
 * (`call_tool`, `ask_user`, `answer_user`: the `json` protocol reads those). A text input goes to the
 * tool's lone text argument (see `tool-input.ts`). The `thought`, or else the prose before the object
 * (without a `Thought:` label), is the call's `reason` and a PLAN thought.
 */
import type { Thought } from '../../spec/decision.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { readToolInput, type ToolInput, toolInputArgs } from './tool-input.ts';

const dialect = 'json-agent';
const agentKeys = new Set(['action', 'action_input', 'thought']);
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
    for (const span of findJsonSpans(text)) {
      const json = readJson(span.text);
      if (!json.ok) continue;
      const found = (Array.isArray(json.value) ? json.value : [json.value]).filter(isAgentStep);
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
    for (const step of steps) {
      const reason = typeof step.thought === 'string' ? step.thought.trim() : prose;
      if (reason && items.length === 0) thoughts.push({ type: 'PLAN', content: reason });
      if (finalAnswer.test(step.action.trim())) {
        const answer = typeof step.action_input === 'string' ? step.action_input : JSON.stringify(step.action_input ?? '');
        items.push({ action: 'answer_user', answer: answer.trim() });
        continue;
      }
      const tool = tools.find((candidate) => candidate.name === step.action);
      const args = toolInputArgs(inputOf(step.action_input), tool);
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(step.action, args.args, tools, reason));
    }
    return { dialect, items, thoughts, repaired: true, spans };
  },
};
