/**
 * A tool's name alone on its line (a colon after it allowed), followed right away by its arguments as
 * elements named after them, as models prompted for tool-named tags sometimes write it:
 *
 *   get_weather:
 *   <city>Busan</city>
 *
 * Only a name of an offered tool counts, only outside code, and only elements naming a property the
 * tool declares (where it declares any) are its arguments: an answer whose line happens to be a
 * tool's name, followed by markup of its own, stays an answer. Each element must be closed; values are typed
 * by the tool's schema (`collectParameters`). What follows the elements is the reply's prose.
 */
import { guardedCoercion } from '../extract/guarded-json.ts';
import { isRecord } from '../extract/read-json.ts';
import { collectParameters } from '../../tools/collect-parameters.ts';
import { callItem, type DialectReader, escapeRegExp, failedReading, lastToolList, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';
import { writtenText } from './xml-parameters.ts';

const dialect = 'tool-name-line';
const elementName = /^[A-Za-z_][\w.-]*$/;
/** One element and the whitespace before it; a CDATA section may hold anything. */
const element = /\s*<([A-Za-z_][\w.-]*)>((?:<!\[CDATA\[(?:(?!\]\]>)[\s\S])*\]\]>|(?!<!\[CDATA\[)[\s\S])*?)<\/\1>/y;
const elementStart = /\s*<([A-Za-z_][\w.-]*)>/y;

const nameLines = lastToolList((tools) => {
  const named = tools.filter((tool) => elementName.test(tool.name));
  return named.length === 0 ? undefined : new RegExp(`^[ \\t]*(${named.map((tool) => escapeRegExp(tool.name)).join('|')})[ \\t]*:?[ \\t]*\\r?\\n(?=[ \\t]*<[A-Za-z_])`, 'gm');
});

export const toolNameLineReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    const lines = nameLines(tools);
    if (!lines) return undefined;
    const visible = maskCode(text);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let from = 0;
    for (const match of visible.matchAll(lines)) {
      if (match.index < from) continue;
      const name = match[1] ?? '';
      const tool = tools.find((candidate) => candidate.name === name);
      const declared = isRecord(tool?.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
      const pairs: { name: string; text: string }[] = [];
      let at = match.index + match[0].length;
      for (;;) {
        element.lastIndex = at;
        const found = element.exec(visible);
        // An element the tool does not declare (`<tool_call>`) is no argument: the call ends before it.
        if (found && (declared.length === 0 || declared.includes(found[1] ?? ''))) {
          const [whole, key = '', masked = ''] = found;
          // The value as written (code in it is masked in `visible`): it ends right before `</key>`.
          const valueEnd = at + whole.length - `</${key}>`.length;
          pairs.push({ name: key, text: writtenText(text.slice(valueEnd - masked.length, valueEnd)) });
          at += whole.length;
          continue;
        }
        elementStart.lastIndex = at;
        const opened = elementStart.exec(visible);
        if (opened && pairs.length > 0 && declared.includes(opened[1] ?? '')) {
          const toolName = sanitizeName(name);
          return { ...failedReading(dialect, { kind: 'no-decision', message: `the argument <${sanitizeName(opened[1])}> of \`${toolName}\` is not closed`, toolName }), conclusive: true };
        }
        break;
      }
      if (pairs.length === 0) continue;
      const args = collectParameters(pairs, tool?.inputSchema, guardedCoercion);
      const toolName = sanitizeName(name);
      if (!args.ok) return failedReading(dialect, { kind: 'invalid-args', message: `arguments of \`${toolName}\`: ${args.details.join('; ')}`, details: args.details, toolName });
      items.push(callItem(name, args.args, tools));
      from = at;
      spans.push([match.index, at]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
