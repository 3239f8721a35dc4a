/**
 * GLM's plain form of a call: the tool's name, then its arguments as `key=value` words on the same
 * line, inside `<tool_call>`: `<tool_call>get_weather city=Paris unit="deg C"</tool_call>` (mlx-lm's
 * GLM 4.7 reader takes it so). A value is one word or one quoted string (`"..."` or `'...'`, a
 * backslash escaping the quote); a quoted value is a string, a bare one is typed by the tool's schema
 * (kept as text where none is declared, as for GLM's `<arg_value>`). Every word after the name must
 * be `key=value`: anything else, or a quote left open, is no call of this form. A call in inline code
 * or a fenced block is quoted, not read.
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import type { RawParameter } from './tag-calls.ts';
import { parameterArguments } from './xml-parameters.ts';

const dialect = 'glm';
const call = /<tool_call>[^\S\n]*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)[^\S\n]+(?<body>[^\n<>]*?)[^\S\n]*<\/tool_call>/gu;
const pair = /\s*(?<key>[A-Za-z_][\w.-]*)=(?:"(?<double>(?:[^"\\]|\\.)*)"|'(?<single>(?:[^'\\]|\\.)*)'|(?<bare>[^\s"'=]+))(?=\s|$)/y;

/** The `key=value` words of `body`, or undefined when it is not made only of them. */
function pairsOf(body: string): RawParameter[] | undefined {
  const parameters: RawParameter[] = [];
  let at = 0;
  while (at < body.length) {
    pair.lastIndex = at;
    const match = pair.exec(body);
    if (!match?.groups) return undefined;
    const { key = '', double, single, bare } = match.groups;
    const quoted = double ?? single;
    // A quoted value is a string: `hint: 'true'` is the string hint of `parameterArguments`.
    parameters.push(quoted === undefined ? { key, text: bare ?? '' } : { key, text: quoted.replace(/\\(["'\\])/g, '$1'), hint: 'true' });
    at += match[0].length;
  }
  return parameters.length > 0 ? parameters : undefined;
}

export const glmKeyValuesReader: DialectReader = {
  dialect,
  needs: '=',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<tool_call>') || !text.includes('=')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    // Inline code and fenced blocks quote a call, as for every tag reader.
    const code = text.includes('`') || text.includes('~') ? codeRanges(text) : [];
    for (const match of text.matchAll(call)) {
      if (isInCode(code, match.index)) continue;
      const name = match.groups?.name ?? '';
      const parameters = pairsOf(match.groups?.body ?? '');
      if (!parameters) continue;
      const tool = tools.find((candidate) => candidate.name === name);
      const args = parameterArguments(parameters, tool, 'verbatim-quoted');
      const shown = sanitizeName(name);
      if (!args.ok) return failedReading(dialect, { kind: args.kind, message: `arguments of \`${shown}\`: ${args.message}`, ...(args.details ? { details: args.details } : {}), toolName: shown });
      repaired ||= args.repaired;
      items.push(callItem(name, args.args, tools));
      spans.push([match.index, match.index + match[0].length]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
