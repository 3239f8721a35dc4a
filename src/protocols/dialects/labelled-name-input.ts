/**
 * A call written as two labelled lines, the first naming an offered tool and the next holding its
 * arguments as one JSON object, whatever words label them (each agent framework picks its own):
 *
 *   Tool: get_weather            Operation: GET               Function: get_weather
 *   Input: {"city": "Oslo"}      Input: {"url": "https://.."}  Arguments: {"city": "Oslo"}
 *
 * The first label is one to three words; the second ends in an input word (`Input`, `Arguments`,
 * `Args`, `Parameters`, `Params`). Read only where the pair ends the reply: text before it is the
 * model's plan (its thought), and nothing but space may follow the object (a fence around it
 * allowed, or an element around the pair alone); text after it is corrected, never the answer. An
 * object never closed is a cut-off call, corrected, never run with what was written.
 * ReAct's own labels (`Action:`, `Tool Name:`, `Function Name:`) are `react-text.ts`'s.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { callItem, type DialectReader, escapeRegExp, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';
import { readToolInput, toolInputArgs } from './tool-input.ts';

const dialect = 'labelled-name-input';
/** A label of one to three words, then a value on the same line (emphasis and quotes around either allowed). */
const nameLine = /^[ \t]*[*_]{0,2}([A-Za-z][A-Za-z]*(?:[ \t]+[A-Za-z]+){0,2})[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]*[`'"*]*([^\s`'"*]+)[`'"*]*[ \t]*\r?\n/gm;
/** The arguments' label, right on the next line: any words ending in an input word. */
const inputLine = /[ \t]*[*_]{0,2}(?:[A-Za-z]+[ \t]+){0,2}(?:inputs?|arguments|args|parameters|params)[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]*/iy;
/** Labels ReAct text reads. */
const reactLabel = /^(?:actions?|(?:tool|function)[ \t]+name)$/i;
/** A fence opening right before the object. */
const fenceOpen = /^(`{3,}|~{3,})[\w-]*[ \t]*\r?\n\s*$/;

/** The pair in `text` naming an offered tool, where the input label follows the name line: the tool and where the label ends. */
function findPair(text: string, tools: readonly ToolSpec[]): { tool: ToolSpec; start: number; inputAt: number } | undefined {
  let masked: string | undefined;
  for (const match of text.matchAll(nameLine)) {
    if (reactLabel.test(match[1] ?? '')) continue;
    const tool = tools.find((candidate) => candidate.name === match[2]);
    if (!tool) continue;
    inputLine.lastIndex = match.index + match[0].length;
    if (!inputLine.exec(text)) continue;
    const inputAt = inputLine.lastIndex;
    // Both labels must stand outside code (a name in inline code, `get_weather`, is still the name).
    masked ??= maskCode(text);
    const code = masked;
    const outside = (from: number, to: number) => code.slice(from, to) === text.slice(from, to);
    const labelEnd = match.index + match[0].indexOf(':') + 1;
    if (!outside(match.index, labelEnd) || !outside(match.index + match[0].length, inputAt)) continue;
    return { tool, start: match.index, inputAt };
  }
  return undefined;
}

/**
 * An element around the pair alone (`<tool>\nname: x\nargs: {..}\n</tool>`, as prompts for models
 * without native calls ask): its tags are the call's framing. Where it opens and where it closes.
 */
function wrappingElement(text: string, pairStart: number, pairEnd: number): { start: number; end: number } | undefined {
  const opening = /<([A-Za-z_][\w:-]*)>[ \t]*\r?\n?[ \t]*$/.exec(text.slice(0, pairStart));
  if (!opening) return undefined;
  const closing = new RegExp(`^\\s*</${escapeRegExp(opening[1] ?? '')}>`).exec(text.slice(pairEnd));
  return closing ? { start: opening.index, end: pairEnd + closing[0].length } : undefined;
}

export const labelledNameInputReader: DialectReader = {
  dialect,
  needs: ':',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('{') || !text.includes('\n')) return undefined;
    const pair = findPair(text, tools);
    if (!pair) return undefined;
    const open = text.indexOf('{', pair.inputAt);
    const between = text.slice(pair.inputAt, open);
    if (open < 0 || (between.trim() !== '' && !fenceOpen.test(between.trimStart()))) return undefined;
    const toolName = sanitizeName(pair.tool.name);
    const close = closingBracketIndex(text, open);
    if (close < 0) {
      const message = `the arguments of \`${toolName}\` are cut off before their JSON object closes: write the whole object`;
      return { ...failedReading(dialect, { kind: 'invalid-json', message, toolName }), conclusive: true };
    }
    const fenceClose = between.trim() === '' ? '' : /^\s*(`{3,}|~{3,})/.exec(text.slice(close))?.[0] ?? '';
    const wrapper = wrappingElement(text, pair.start, close + fenceClose.length);
    const end = wrapper?.end ?? close + fenceClose.length;
    if (text.slice(end).trim() !== '') {
      // Text after the pair: the call is no plan's last step, nor the answer (returned, it would be a
      // call nobody ran): corrected.
      const message = `the call of \`${toolName}\` is followed by more text: end the reply with its arguments`;
      return failedReading(dialect, { kind: 'no-decision', message, toolName });
    }
    const args = toolInputArgs(readToolInput(text.slice(open, close)), pair.tool);
    if (!args.ok) return { ...failedReading(dialect, args.failure), conclusive: true };
    const start = wrapper?.start ?? pair.start;
    const plan = text.slice(0, start).trim();
    return {
      dialect,
      items: [callItem(pair.tool.name, args.args, tools, plan)],
      thoughts: plan === '' ? [] : [{ type: 'PLAN', content: plan }],
      repaired: true,
      spans: [[start, end]],
    };
  },
};
