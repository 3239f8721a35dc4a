/**
 * Reads reins' `xml` protocol (seed 002): `<tool_code><name>..</name><parameters>{json}</parameters></tool_code>`
 * and `<final_answer>..</final_answer>`, whose content is XML text (`&gt;` reads `>`). Free text before the first block becomes a PLAN thought and
 * the call's `reason`. The parameters end where their JSON object ends, so a string value may hold
 * `</parameters>` or `</tool_code>`. An unclosed last block (truncated output) is read up to the end of
 * the text.
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import type { Thought } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { decodeXmlEntities } from '../extract/xml-text.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';

const opening = /<(tool_code|final_answer)>/g;
const head = /\s*<name>\s*([^<]*?)\s*<\/name>\s*(?:<parameters>\s*)?/y;

type ToolCode = { name: string; args: unknown; repaired: boolean; end: number } | { problem: string };

const safe = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64);

/** The call whose `<tool_code>` ends at `from`. */
function readToolCode(text: string, from: number): ToolCode {
  head.lastIndex = from;
  const named = head.exec(text);
  const closeAt = (at: number) => {
    const index = text.indexOf('</tool_code>', at);
    return index < 0 ? text.length : index + '</tool_code>'.length;
  };
  if (!named) return { problem: '<tool_code> needs <name>tool name</name>' };
  const name = named[1] ?? '';
  const start = from + named[0].length;
  let body: string;
  let end: number;
  const jsonEnd = text[start] === '{' ? closingBracketIndex(text, start) : -1;
  if (jsonEnd > 0 && /^\s*(?:<\/parameters>\s*)?(?:<\/tool_code>|$)/.test(text.slice(jsonEnd))) {
    body = text.slice(start, jsonEnd);
    end = closeAt(jsonEnd);
  } else {
    const stop = text.slice(start).search(/<\/parameters>|<\/tool_code>|<tool_code>|<final_answer>/);
    body = stop < 0 ? text.slice(start) : text.slice(start, start + stop);
    end = closeAt(start + body.length);
    if (!named[0].includes('<parameters>') && body.trim() !== '') return { problem: `<tool_code> of \`${safe(name)}\` holds text outside <parameters>` };
  }
  if (body.trim() === '') return { name, args: {}, repaired: false, end };
  const json = readJson(body.trim());
  if (!json.ok) return { problem: `<parameters> of \`${safe(name)}\`: ${json.message}` };
  if (!isRecord(json.value)) return { problem: '<parameters> must hold one JSON object' };
  return { name, args: json.value, repaired: json.repaired, end };
}

export const xmlToolCodeReader: DialectReader = {
  dialect: 'xml',
  needs: '<', // `<tool_code>` and `<final_answer>`
  read(text, { tools }): Reading | undefined {
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let before: string | undefined;
    let repaired = false;
    let from = 0;
    // A call shown as code (in backticks, a fence) is quoted, not made.
    const code = text.includes('`') ? codeRanges(text) : [];
    for (;;) {
      opening.lastIndex = from;
      const match = opening.exec(text);
      if (!match) break;
      if (isInCode(code, match.index)) {
        from = match.index + match[0].length;
        continue;
      }
      before ??= text.slice(0, match.index).trim();
      const bodyStart = match.index + match[0].length;
      if (match[1] === 'final_answer') {
        const rest = text.slice(bodyStart);
        const stop = rest.search(/<\/final_answer>|<tool_code>|<final_answer>/);
        items.push({ action: 'answer_user', answer: decodeXmlEntities((stop < 0 ? rest : rest.slice(0, stop)).trim()) });
        from = stop < 0 ? text.length : bodyStart + stop + (rest.startsWith('</final_answer>', stop) ? '</final_answer>'.length : 0);
        spans.push([match.index, from]);
        continue;
      }
      const call = readToolCode(text, bodyStart);
      if ('problem' in call) return failedReading('xml', { kind: call.problem.includes('JSON') ? 'invalid-json' : 'schema', message: call.problem });
      repaired ||= call.repaired;
      items.push(callItem(call.name, call.args, tools, before));
      from = Math.max(call.end, bodyStart);
      spans.push([match.index, from]);
    }
    if (before === undefined) return undefined;
    const thoughts: Thought[] = before ? [{ type: 'PLAN', content: before }] : [];
    return { dialect: 'xml', items, thoughts, repaired, spans };
  },
};
