/**
 * Inkling text tool calls: `<|message_model|>name<|content_invoke_tool_text|>text<|end_message|>`, a
 * tool whose one argument is free text, read as `name {text}` (sglang's Inkling detector reads the
 * same `{"text": ..}`). The text ends at the first `<|end_message|>` (the family writes nothing that
 * could hold it). A text call without a tool name before it is left to the call-attempt safety net
 * (`find-call-attempt.ts`): the tool would be a guess. JSON calls (`<|content_invoke_tool_json|>`)
 * are read by `json-call-shapes.ts`.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'inkling-text';
const textCall = /(?:^|<\|end_message\|>|<\|message_model\|>)\s*([^\s<|][^<]*?)\s*<\|content_invoke_tool_text\|>/g;
const end = '<|end_message|>';

export const inklingTextReader: DialectReader = {
  dialect,
  needs: '<', // `<|content_invoke_tool_text|>`
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<|content_invoke_tool_text|>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    for (const match of text.matchAll(textCall)) {
      const name = match[1] ?? '';
      const start = match.index + match[0].length;
      const close = text.indexOf(end, start);
      if (close < 0) return { ...failedReading(dialect, { kind: 'no-decision', message: `the call of \`${sanitizeName(name)}\` is not closed (the output may be cut off)`, toolName: sanitizeName(name) }), conclusive: true };
      items.push(callItem(name, { text: text.slice(start, close) }, tools));
      spans.push([match.index, close + end.length]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
