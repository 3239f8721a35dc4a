/**
 * llama.cpp's Generic format, used for models without a format of their own: the server constrains
 * the reply to one JSON object, `{"response": "text"}` for the user or `{"tool_call": {"name",
 * "arguments"}}` (its `{"tool_calls": [..]}` is read by `json-call-shapes.ts`). Only a reply that is
 * exactly one such object counts, so an answer that holds other JSON is left as written.
 */
import { isRecord } from '../extract/read-json.ts';
import { soleJsonObject } from '../extract/sole-json-object.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'generic-json';

export const genericJsonReader: DialectReader = {
  dialect,
  needs: '{', // the reply is one JSON object
  read(text, { tools }): Reading | undefined {
    const value = soleJsonObject(text, /"(?:response|tool_call)"/);
    if (!value || Object.keys(value).length !== 1) return undefined;
    const { response, tool_call: call } = value;
    // The object is the whole reply: no prose is left beside it.
    const spans: Array<readonly [number, number]> = [[0, text.length]];
    if (typeof response === 'string') return { dialect, items: [{ action: 'answer_user', answer: response }], thoughts: [], repaired: true, spans };
    if (!isRecord(call) || typeof call.name !== 'string') return undefined;
    const toolName = sanitizeName(call.name);
    if (!('arguments' in call)) return failedReading(dialect, { kind: 'schema', message: `the tool_call of \`${toolName}\` has no "arguments"`, toolName });
    const args = argumentsValue(call.arguments);
    if (args.unreadable) return failedReading(dialect, { kind: 'invalid-json', message: `arguments of \`${toolName}\`: ${args.unreadable}`, toolName });
    return { dialect, items: [callItem(call.name, args.value, tools)], thoughts: [], repaired: true, spans };
  },
};
