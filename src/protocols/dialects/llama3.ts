/**
 * Llama 3.x JSON tool calls: `{"name": .., "parameters": {..}}`, optionally after `<|python_tag|>`;
 * the same object with `arguments` (what many fine-tunes write without tags) is read too. The JSON is
 * found by parsing, so special tokens inside its strings stay part of the values.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans, textOutside } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { splitByRepair } from '../extract/split-by-repair.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callObjectProblem } from './call-object.ts';
import { declaredBy, isTurnThought } from './turn-thoughts.ts';

const specialTokens = /<\|(?:python_tag|eom_id|eot_id)\|>/g;

/**
 * A Llama 3 call object. One holding the model's thoughts beside its name and arguments
 * (`{"name", "arguments", "thought"}`) is a turn, read with its thoughts by `thought-command-json.ts`.
 */
function isCall(value: unknown, tools: readonly ToolSpec[]): value is Record<string, unknown> {
  if (!isRecord(value) || typeof value.name !== 'string' || !('parameters' in value || 'arguments' in value) || 'action' in value) return false;
  const declared = declaredBy(value.name, tools);
  return !Object.keys(value).some((key) => isTurnThought(value, key, declared));
}

export const llama3Reader: DialectReader = {
  dialect: 'llama3',
  needs: '{', // the call is a JSON object
  read(input, { tools }): Reading | undefined {
    const text = input;
    const spans = findJsonSpans(text).filter(unquotedJson(text));
    const items: unknown[] = [];
    const read: Array<readonly [number, number]> = [];
    let repaired = textOutside(text, spans).replace(specialTokens, '').trim() !== '';
    for (const span of spans) {
      const json = readJson(span.text);
      if (!json.ok) continue;
      const values = Array.isArray(json.value) ? json.value : [json.value];
      const calls = values.filter((value) => isCall(value, tools));
      for (const call of calls) {
        const problem = callObjectProblem(call, 'parameters' in call ? 'parameters' : 'arguments', span.complete);
        if (problem) return { ...failedReading('llama3', problem), conclusive: true };
      }
      // Beside a call, a list item that is no call, or a list the repair made of one written object
      // (`{"name": "t", "arguments": {..}\n{"b": 2}}`), is no reading of its own: dropping the rest
      // would run another call than the one written.
      if (calls.length > 0 && (calls.length < values.length || splitByRepair(span.text, json))) {
        const message = `the JSON holding the call of \`${sanitizeName(String(calls[0]?.name))}\` holds more than calls (an object that is no call, or an object split in two): write each call as one JSON object`;
        return { ...failedReading('llama3', { kind: 'invalid-json', message }), conclusive: true };
      }
      for (const call of calls) {
        const args = argumentsValue(call.parameters ?? call.arguments);
        repaired ||= json.repaired || args.repaired;
        items.push(callItem(call.name, args.value, tools));
      }
      if (calls.length > 0) read.push([span.start, span.end]);
    }
    return items.length ? { dialect: 'llama3', items, thoughts: [], repaired, spans: read } : undefined;
  },
};
