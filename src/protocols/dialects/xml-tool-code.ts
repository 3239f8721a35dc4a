/**
 * Reads reins' `xml` protocol (seed 002): `<tool_code><name>..</name><parameters>{json}</parameters></tool_code>`
 * and `<final_answer>..</final_answer>`. Free text before the first block becomes a PLAN thought and
 * the call's `reason`. An unclosed last block (truncated output) is read up to the end of the text.
 */
import type { Thought } from '../../decision.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';

const block = /<(tool_code|final_answer)>([\s\S]*?)(?:<\/\1>|(?=<tool_code>|<final_answer>)|$)/g;
const nameTag = /<name>\s*([\s\S]*?)\s*<\/name>/;
const parametersTag = /<parameters>([\s\S]*?)(?:<\/parameters>|$)/;

function readToolCode(body: string): { name: string; args: unknown; repaired: boolean } | string {
  const name = nameTag.exec(body)?.[1];
  if (name === undefined) return '<tool_code> needs <name>tool name</name>';
  const parameters = parametersTag.exec(body)?.[1]?.trim() ?? '';
  if (parameters === '') return { name, args: {}, repaired: false };
  const json = readJson(parameters);
  if (!json.ok) return `<parameters> of \`${name.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64)}\`: ${json.message}`;
  if (!isRecord(json.value)) return '<parameters> must hold one JSON object';
  return { name, args: json.value, repaired: json.repaired };
}

export const xmlToolCodeReader: DialectReader = {
  dialect: 'xml',
  read(text, { tools }): Reading | undefined {
    const matches = [...text.matchAll(block)];
    const first = matches[0];
    if (!first) return undefined;
    const before = text.slice(0, first.index).trim();
    const thoughts: Thought[] = before ? [{ type: 'PLAN', content: before }] : [];
    const items: unknown[] = [];
    let repaired = false;
    for (const [, tag, body = ''] of matches) {
      if (tag === 'final_answer') {
        items.push({ action: 'answer_user', answer: body.trim() });
        continue;
      }
      const call = readToolCode(body);
      if (typeof call === 'string') return failedReading('xml', { kind: call.includes('JSON') ? 'invalid-json' : 'schema', message: call });
      repaired ||= call.repaired;
      items.push(callItem(call.name, call.args, tools, before));
    }
    return { dialect: 'xml', items, thoughts, repaired };
  },
};
