/**
 * An offered tool named in a line of prose that ends with a JSON object whose keys are all
 * parameters that tool declares,
 *
 *   Calling search with {"query": "tides in Brest"}
 *
 * is a call written as a sentence: no reader reads it, and returned as the answer it would hide the
 * call the model meant, so it is a call attempt, corrected. An object with a key the tool does not
 * declare is data, not its arguments, and markup quoted as code (`maskCode`) is talk about a call.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord } from '../extract/read-json.ts';
import { escapeRegExp } from '../reading.ts';
import { maskCode } from './mask-code.ts';

/** The object that opens at `open` in `line` and ends it, when it is strict JSON; undefined otherwise. */
function objectAt(line: string, open: number): Record<string, unknown> | undefined {
  const end = closingBracketIndex(line, open);
  // Text after the object (`.. {"k": 1} in chat to use it.`) makes it a mention inside a sentence.
  if (end < 0 || !/^[\s.]*$/.test(line.slice(end))) return undefined;
  try {
    const value: unknown = JSON.parse(line.slice(open, end));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The name of the offered tool a line of `text` calls in words with its arguments as JSON, or undefined. */
export function toolArgumentsInProse(text: string, tools: readonly ToolSpec[]): string | undefined {
  if (!text.includes('{')) return undefined;
  for (const line of maskCode(text).split('\n')) {
    const open = line.indexOf('{');
    if (open < 0) continue;
    const object = objectAt(line, open);
    const keys = object ? Object.keys(object) : [];
    if (keys.length === 0) continue;
    const before = line.slice(0, open);
    const called = tools.find((tool) => {
      const properties = tool.inputSchema?.properties;
      if (!isRecord(properties) || !keys.every((key) => Object.hasOwn(properties, key))) return false;
      return tool.name !== '' && new RegExp(`(?<![\\w.-])${escapeRegExp(tool.name)}(?![\\w-])`).test(before);
    });
    if (called) return called.name;
  }
  return undefined;
}
