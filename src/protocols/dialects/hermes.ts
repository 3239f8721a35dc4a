/**
 * Hermes / Qwen tool calls: `<tool_call>{"name": .., "arguments": {..}}</tool_call>`, one block per
 * call. An unclosed last block (truncated output) is read up to the end of the text. A `<tool_call>`
 * inside Markdown code (inline or fenced) is quoted, not called, and is not read.
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';

const block = /<tool_call>([\s\S]*?)(?:<\/tool_call>|(?=<tool_call>)|$)/g;

export const hermesReader: DialectReader = {
  dialect: 'hermes',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<tool_call>')) return undefined;
    const code = codeRanges(text);
    const blocks = [...text.matchAll(block)].filter((match) => !isInCode(code, match.index));
    if (blocks.length === 0) return undefined;
    const items: unknown[] = [];
    let repaired = false;
    for (const match of blocks) {
      const body = (match[1] ?? '').trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
      const json = readJson(body);
      if (!json.ok) return failedReading('hermes', { kind: 'invalid-json', message: `<tool_call>: ${json.message}` });
      if (!isRecord(json.value) || typeof json.value.name !== 'string') {
        return failedReading('hermes', { kind: 'schema', message: '<tool_call> must hold {"name": .., "arguments": {..}}' });
      }
      const args = argumentsValue(json.value.arguments ?? json.value.parameters);
      repaired ||= json.repaired || args.repaired;
      items.push(callItem(json.value.name, args.value, tools));
    }
    return items.length ? { dialect: 'hermes', items, thoughts: [], repaired } : undefined;
  },
};
