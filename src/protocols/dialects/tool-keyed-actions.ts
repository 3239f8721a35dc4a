/**
 * browser-use's agent turn: one JSON object (the whole reply, fenced or not) whose `action` list
 * holds the calls, each item an object keyed by the tool's name with its arguments as the value,
 * beside the agent's state written as text:
 *
 *   {"thinking": "..", "evaluation_previous_goal": "..", "memory": "..", "next_goal": "..",
 *    "action": [{"navigate": {"url": "https://example.com"}}, {"click": {"index": 3}}]}
 *
 * (older versions put the state in a `current_state` object). Every key is accounted for: the state
 * keys are PLAN thoughts, the items are calls in order; any other key, an item that names no tool or
 * more than one (`{"click": {..}, "note": ..}`), an item whose arguments are no object and an object
 * the reply ends inside are corrections, never dropped nor answered. The same
 * tool-keyed object anywhere else stays a call attempt (`tool-keyed-object.ts`).
 */
import type { Thought } from '../../spec/decision.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'tool-keyed-actions';
/** The agent state browser-use's prompts ask for beside the actions (and the reasoning keys models add). */
const stateKeys = new Set(['thinking', 'thought', 'reasoning', 'evaluation_previous_goal', 'memory', 'next_goal', 'plan']);
const fence = /^(`{3,}|~{3,})[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?[ \t]*\1$/;

/** The state's text as thoughts, and the keys that are no state (an unknown key, a value that is no text). */
function stateThoughts(turn: Record<string, unknown>): { thoughts: Thought[]; stray: string[] } {
  const thoughts: Thought[] = [];
  const stray: string[] = [];
  const add = (key: string, value: unknown) => {
    if (stateKeys.has(key) && typeof value === 'string') {
      if (value.trim() !== '') thoughts.push({ type: 'PLAN', content: value.trim() });
    } else stray.push(key);
  };
  for (const [key, value] of Object.entries(turn)) {
    if (key === 'action') continue;
    if (key === 'current_state' && isRecord(value)) for (const [inner, text] of Object.entries(value)) add(inner, text);
    else add(key, value);
  }
  return { thoughts, stray };
}

const failed = (message: string, toolName?: string): Reading => ({ ...failedReading(dialect, { kind: 'no-decision', message, ...(toolName ? { toolName } : {}) }), conclusive: true });

export const toolKeyedActionsReader: DialectReader = {
  dialect,
  needs: '{',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('"action"')) return undefined;
    const trimmed = text.trim();
    const body = (fence.exec(trimmed)?.[2] ?? trimmed).trim();
    const [span] = findJsonSpans(body, 1);
    if (!span || span.start !== 0 || span.end !== body.length) return undefined;
    const json = readJson(span.text);
    if (!json.ok || !isRecord(json.value) || !Array.isArray(json.value.action)) return undefined;
    const list = json.value.action;
    const offered = new Set(tools.map((tool) => tool.name));
    // Only a list of tool-keyed items (one offered tool's name at least) makes the object this turn.
    const keyed = list.filter((item): item is Record<string, unknown> => isRecord(item) && Object.keys(item).length >= 1);
    if (!keyed.some((item) => Object.keys(item).some((key) => offered.has(key)))) return undefined;
    if (!span.complete) return failed('the turn is cut off before its JSON object closes: resend the whole turn');
    const { thoughts, stray } = stateThoughts(json.value);
    if (stray.length > 0) {
      const keys = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
      const first = sanitizeName(Object.keys(keyed[0] ?? {})[0] ?? '');
      return failed(`the turn calling \`${first}\` holds ${keys} beside its "action" list and the agent's state (text): give every call as an item of "action"`, first);
    }
    const items: unknown[] = [];
    for (const item of list) {
      const keys = isRecord(item) ? Object.keys(item) : [];
      const [name] = keys;
      if (name === undefined || keys.length !== 1) return failed('each item of "action" is one object keyed by the tool\'s name: {"<tool>": {..arguments}}');
      const args = (item as Record<string, unknown>)[name];
      if (!isRecord(args)) return failed(`the arguments of \`${sanitizeName(name)}\` must be a JSON object`, sanitizeName(name));
      items.push(callItem(name, args, tools));
    }
    return { dialect, items, thoughts, repaired: json.repaired || trimmed !== body, spans: [[0, text.length]] };
  },
};
