/**
 * An offered tool's name alone on a line (or after `function`, DeepSeek V3's call with its tokens
 * dropped), then a fenced JSON object of its arguments:
 *
 *   get_weather
 *   ```json
 *   {"city": "Paris"}
 *   ```
 *
 * Unfenced, the same is a call (`name-then-json.ts`); fenced, it reads as a code sample, yet the
 * name stands on its own line (in `**`, backticks or with a colon, as markdown writes a heading for
 * the block) and every key of the object is a parameter the tool declares: a call in a spelling no
 * reader takes. It is corrected, never returned as the answer. A name inside a sentence (`I would
 * use get_weather:`), or an object holding a key the tool does not declare, stays prose.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord, readJson } from '../extract/read-json.ts';

/**
 * The name line: the name alone, maybe in emphasis, maybe ended by a colon; maybe after the word
 * `function`, as DeepSeek V3's call writes its type before the name (`function<｜tool▁sep｜>name`,
 * `functionname` once a detokenizer drops the tokens).
 */
const nameLine = /^[ \t]*(?:\*\*|__)?((?:function[ \t]+)?[A-Za-z_][\w.-]*)(?:\*\*|__)?[ \t]*:?[ \t]*$/;

/** The offered tool a name line names: the word as written, else after a leading `function`. */
function namedTool(written: string, tools: readonly ToolSpec[]): ToolSpec | undefined {
  const unprefixed = written.replace(/^function[ \t]*/, '');
  return tools.find((candidate) => candidate.name === written) ?? tools.find((candidate) => candidate.name === unprefixed);
}
/** A fence opening on the next line, its body, and its closing fence. */
const fenceAfter = /^\r?\n[ \t]*(`{3,})[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\1[ \t]*(?:\r?\n|$)/;

/** True when `value` is an object every key of which `tool` declares (`{}` only for a tool declaring none). */
function declaredArguments(tool: ToolSpec, value: unknown): boolean {
  if (!isRecord(value)) return false;
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  const declared = isRecord(properties) ? properties : {};
  const keys = Object.keys(value);
  if (keys.length === 0) return Object.keys(declared).length === 0;
  return keys.every((key) => Object.hasOwn(declared, key));
}

/** The offered tool whose name line a fenced object of its arguments follows, or undefined. */
export function namedFencedArguments(text: string, tools: readonly ToolSpec[]): string | undefined {
  if (!text.includes('```')) return undefined;
  let lineStart = 0;
  // A line inside a code block is code, never the name line.
  let inFence = false;
  while (lineStart <= text.length) {
    const lineEnd = text.indexOf('\n', lineStart);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const line = text.slice(lineStart, end);
    if (/^[ \t]*```/.test(line)) inFence = !inFence;
    const name = inFence ? undefined : nameLine.exec(line)?.[1];
    const tool = name === undefined ? undefined : namedTool(name, tools);
    const fence = tool && lineEnd >= 0 ? fenceAfter.exec(text.slice(end)) : null;
    const body = (fence?.[2] ?? '').trim();
    if (tool && body.startsWith('{') && body.endsWith('}')) {
      const json = readJson(body);
      if (json.ok && declaredArguments(tool, json.value)) return tool.name;
    }
    if (lineEnd < 0) break;
    lineStart = lineEnd + 1;
  }
  return undefined;
}
