/**
 * Reads reins' `line` protocol (seed 004): `FUNCTION_CALL: tool|p1|p2`, `ASK_USER: question|why` and
 * `FINAL_ANSWER: text` (the answer runs to the end of the text, so it may span lines). A command must
 * start its line (markdown emphasis allowed); text before the first command becomes a PLAN thought.
 */
import type { Thought } from '../../spec/decision.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { coercePositionalArgs } from '../../tools/coerce-args.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { splitPipes } from './split-pipes.ts';

/** Only `\n` ends a line: `^`/`$` with the m flag would also split at U+2028 inside a question. */
const command = /(?<=^|\n)[ \t]*(?:[*_`]{1,3})?(FUNCTION_CALL|ASK_USER|FINAL_ANSWER)(?:[*_`]{1,3})?[ \t]*:(?:[*_`]{1,3})?[ \t]?([^\n]*)/g;
const markdownEdge = /^[*_`]+|[*_`]+$/g;

export const lineCommandReader: DialectReader = {
  dialect: 'line',
  needs: ':', // every command ends in a colon
  read(text, { tools }): Reading | undefined {
    const matches = [...text.matchAll(command)];
    const first = matches[0];
    if (!first) return undefined;
    const before = text.slice(0, first.index).trim();
    const thoughts: Thought[] = before ? [{ type: 'PLAN', content: before }] : [];
    const items: unknown[] = [];
    // Each command is its line; a final answer runs to the end of the text.
    const spans: Array<readonly [number, number]> = [];
    for (const match of matches) {
      const [, keyword, rest = ''] = match;
      spans.push([match.index, keyword === 'FINAL_ANSWER' ? text.length : match.index + match[0].length]);
      if (keyword === 'FINAL_ANSWER') {
        items.push({ action: 'answer_user', answer: text.slice((match.index ?? 0) + match[0].length - rest.length).trim() });
        break;
      }
      if (keyword === 'ASK_USER') {
        const [question = '', ...why] = rest.split('|');
        items.push({ action: 'ask_user', question: question.trim(), why: why.join('|').trim() });
        continue;
      }
      const [head = '', ...params] = splitPipes(rest.trim());
      const name = head.replace(markdownEdge, '').trim();
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) {
        items.push(callItem(name, {}, tools));
        continue;
      }
      const coerced = coercePositionalArgs(params, tool.inputSchema, guardedCoercion);
      if (!coerced.ok) {
        const toolName = sanitizeName(name);
        return failedReading('line', { kind: 'invalid-args', message: `invalid params for tool \`${toolName}\``, details: coerced.details, toolName });
      }
      items.push(callItem(name, coerced.args, tools));
    }
    return { dialect: 'line', items, thoughts, repaired: false, spans };
  },
};
