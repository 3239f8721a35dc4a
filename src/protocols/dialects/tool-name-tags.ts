/**
 * Tool calls written as an XML element named after the tool, the format of Cline and Roo Code:
 * `<read_file><path>src/a.ts</path></read_file>`. Only elements named exactly after a tool in the
 * list count, and only outside code (backticks or fences), so an answer that shows or mentions such
 * markup stays an answer. Each child element is one argument, its text coerced by the tool's input
 * schema (`collectParameters`; CDATA kept verbatim); a body with no child elements is the tool's lone
 * text input; `<tool/>` is a call with no arguments. Free text before the first call is its `reason` and a PLAN thought.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { collectParameters } from '../../tools/collect-parameters.ts';
import { callItem, type DialectReader, escapeRegExp, failedReading, lastToolList, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';
import { readToolInput, toolInputArgs, type ToolArgs } from './tool-input.ts';
import { writtenText } from './xml-parameters.ts';

const dialect = 'tool-tags';
/** XML names only: a tool named `a b` or `<x>` cannot be written as an element. */
const elementName = /^[A-Za-z_][\w.-]*$/;
/** An element and its text; a CDATA section may hold anything. Each character has one way to match (no backtracking blow-up). */
const child = /<([A-Za-z_][\w.-]*)>((?:<!\[CDATA\[(?:(?!\]\]>)[\s\S])*\]\]>|(?!<!\[CDATA\[)[\s\S])*?)<\/\1>/g;

/**
 * The opening tags of the tools an element can name; undefined when none can. Global: used with
 * `matchAll`, which copies it. Only names are cached: the tools themselves are looked up in the list given.
 */
const openingTags = lastToolList((tools) => {
  const named = tools.filter((tool) => elementName.test(tool.name));
  return named.length === 0 ? undefined : new RegExp(`<(${named.map((tool) => escapeRegExp(tool.name)).join('|')})(\\s*/)?>`, 'g');
});

function argsOf(body: string, tool: ToolSpec): ToolArgs {
  const children = [...body.matchAll(child)];
  const toolName = sanitizeName(tool.name);
  if (children.length === 0 && !/<[A-Za-z_][\w.-]*>/.test(body)) return toolInputArgs(readToolInput(body), tool);
  const outside = children.reduce<string>((rest, match, index) => rest + body.slice(match.index + match[0].length, children[index + 1]?.index ?? body.length), body.slice(0, children[0]?.index));
  if (outside.trim() !== '') {
    return { ok: false, failure: { kind: 'invalid-args', message: `the arguments of \`${toolName}\` must be elements like <name>value</name>, with no other text`, toolName } };
  }
  const args = collectParameters(
    children.map(([, key = '', text = '']) => ({ name: key, text: writtenText(text) })),
    tool.inputSchema,
    guardedCoercion,
  );
  if (!args.ok) return { ok: false, failure: { kind: 'invalid-args', message: `arguments of \`${toolName}\`: ${args.details.join('; ')}`, details: args.details, toolName } };
  return { ok: true, args: args.args };
}

export const toolNameTagsReader: DialectReader = {
  dialect,
  needs: '<', // the element named after the tool
  read(text, { tools }): Reading | undefined {
    const opening = openingTags(tools);
    if (!opening) return undefined;
    const visible = maskCode(text);
    const items: unknown[] = [];
    let reason: string | undefined;
    let from = 0;
    for (const match of visible.matchAll(opening)) {
      if (match.index < from) continue;
      const name = match[1] ?? '';
      // The first tool of that name: every tool named so is one an element can name.
      const tool = tools.find((candidate) => candidate.name === name) as ToolSpec;
      const bodyStart = match.index + match[0].length;
      reason ??= text.slice(0, match.index).trim();
      if (match[2] !== undefined) {
        // `<get_location/>`: a call with no arguments (validation reports any the tool requires).
        items.push(callItem(name, {}, tools, reason));
        from = bodyStart;
        continue;
      }
      const close = visible.indexOf(`</${name}>`, bodyStart);
      const toolName = sanitizeName(name);
      if (close < 0) return failedReading(dialect, { kind: 'no-decision', message: `\`<${toolName}>\` is not closed with \`</${toolName}>\``, toolName } satisfies ReadFailure);
      const args = argsOf(text.slice(bodyStart, close), tool);
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(name, args.args, tools, reason));
      from = close + name.length + 3;
    }
    if (reason === undefined) return undefined;
    return { dialect, items, thoughts: reason ? [{ type: 'PLAN', content: reason }] : [], repaired: true };
  },
};
