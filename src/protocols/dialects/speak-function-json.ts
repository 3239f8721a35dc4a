/**
 * AgentScope's ReAct turns (its v0 ReActAgent): one JSON object holding the model's thought, what it
 * says, and the calls it makes,
 *
 *   {"thought": "Search first", "speak": "Let me look.", "function": [{"name": "search", "arguments": {..}}]}
 *
 * Each item of `function` is a call object read by the rules of every JSON call (complete, nothing
 * beside its name and arguments, `call-object.ts`); `thought` and `speak` are PLAN thoughts. With an
 * empty `function` list the turn is the answer, and `speak` says it (AgentScope replies with it). Any
 * other key belongs to no part of the turn and is a correction, never dropped.
 */
import type { Thought } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callObjectProblem } from './call-object.ts';

const dialect = 'speak-function';
const textKeys = ['thought', 'speak'] as const;

/** True for the turn's shape: a `function` list beside `speak` (and optionally `thought`). */
function isTurn(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Array.isArray(value.function) && typeof value.speak === 'string';
}

export const speakFunctionJsonReader: DialectReader = {
  dialect,
  needs: '{',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('"speak"') || !text.includes('"function"')) return undefined;
    const [span] = findJsonSpans(text).filter(unquotedJson(text)).filter((found) => {
      const json = readJson(found.text);
      return json.ok && isTurn(json.value);
    });
    if (!span) return undefined;
    const json = readJson(span.text);
    const turn = json.ok ? (json.value as Record<string, unknown>) : {};
    const stray = Object.keys(turn).filter((key) => key !== 'function' && !(textKeys.some((known) => known === key) && typeof turn[key] === 'string'));
    if (stray.length > 0) {
      const keys = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
      return { ...failedReading(dialect, { kind: 'invalid-args', message: `the turn holds ${keys} beside "thought", "speak" and "function"` }), conclusive: true };
    }
    const spans: Array<readonly [number, number]> = [[span.start, span.end]];
    const calls = turn.function as unknown[];
    if (calls.length === 0) return { dialect, items: [{ action: 'answer_user', answer: String(turn.speak) }], thoughts: typeof turn.thought === 'string' && turn.thought !== '' ? [{ type: 'PLAN', content: turn.thought }] : [], repaired: true, spans };
    const items: unknown[] = [];
    let repaired = json.ok && json.repaired;
    for (const call of calls) {
      if (!isRecord(call) || typeof call.name !== 'string') return { ...failedReading(dialect, { kind: 'no-decision', message: 'an item of "function" is no call: write {"name": .., "arguments": {..}}' }), conclusive: true };
      const problem = callObjectProblem(call, 'arguments' in call ? 'arguments' : undefined, span.complete);
      if (problem) return { ...failedReading(dialect, problem), conclusive: true };
      const args = argumentsValue(call.arguments ?? {});
      repaired ||= args.repaired;
      items.push(callItem(call.name, args.value, tools));
    }
    const thoughts: Thought[] = [];
    for (const key of textKeys) if (typeof turn[key] === 'string' && turn[key] !== '') thoughts.push({ type: 'PLAN', content: turn[key] });
    return { dialect, items, thoughts, repaired, spans };
  },
};
