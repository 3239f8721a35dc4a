/**
 * The XML tool use of Claude's prompt-based era, still written by models prompted for it (LiteLLM and
 * Bedrock read it):
 * `<function_calls><invoke><tool_name>get_weather</tool_name><parameters><city>Oslo</city></parameters></invoke></function_calls>`.
 * An `<invoke>` without attributes holds the tool's name in `<tool_name>` and its arguments as one
 * element each in `<parameters>` (read by the tool's schema as tool-name tags' elements are: a value
 * of `<item>` elements is a list where the property takes one), or as one JSON object, the whole of
 * `<parameters>` (read by the JSON guard). The wrapper's close is often cut by
 * the stop sequence the prompts set, so it is not required; each `<invoke>` must be closed and hold
 * nothing else (completeness: a call cut off or with text in its markup is a correction, never run).
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import type { ToolSpec } from '../../spec/decision.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { childElements, elementArguments } from './tag-elements.ts';

const dialect = 'invoke-tool-name';
const opening = /<invoke>/g;
/** `<tool_name>` then an optional `<parameters>` block, and nothing else, up to `</invoke>`. */
const callBody = /^\s*<tool_name>([^<>]*)<\/tool_name>\s*(?:<parameters>([\s\S]*)<\/parameters>\s*|<parameters\s*\/>\s*)?$/;

/** `<parameters>` holding one JSON object and nothing else (some prompts ask for that); undefined when it holds no object. */
function wholeObject(body: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } | undefined {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{')) return undefined;
  const [span] = findJsonSpans(trimmed, 1);
  if (!span || span.text.length !== trimmed.length) return { ok: false, message: 'text follows the JSON object' };
  const json = readJson(trimmed);
  if (!json.ok) return { ok: false, message: json.message };
  return isRecord(json.value) ? { ok: true, value: json.value } : { ok: false, message: 'not one JSON object' };
}

function argumentsOf(name: string, body: string, tools: readonly ToolSpec[]): { ok: true; args: Record<string, unknown> } | { ok: false; message: string } {
  const tool = tools.find((candidate) => candidate.name === name);
  const json = wholeObject(body);
  if (json) return json.ok ? { ok: true, args: json.value } : { ok: false, message: `the <parameters> of \`${sanitizeName(name)}\`: ${json.message}` };
  const { children, whole } = childElements(body);
  if (!whole) return { ok: false, message: `the <parameters> of \`${sanitizeName(name)}\` hold text outside an element per argument` };
  if (!tool) return { ok: true, args: {} }; // validation names the unknown tool
  const args = elementArguments(children, tool);
  return args.ok ? args : { ok: false, message: args.failure.message };
}

export const invokeToolNameReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<invoke>') || !text.includes('<tool_name>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    const reason = text.slice(0, text.indexOf('<invoke>')).replace(/<function_calls>\s*$/, '').trim();
    // A call shown as code (in backticks, a fence) is quoted, not made.
    const code = text.includes('`') ? codeRanges(text) : [];
    for (const match of text.matchAll(opening)) {
      if (isInCode(code, match.index)) continue;
      const start = match.index + match[0].length;
      const end = text.indexOf('</invoke>', start);
      const fail = (message: string): Reading => ({ ...failedReading(dialect, { kind: 'no-decision', message }), conclusive: true });
      if (end < 0) return fail('an <invoke> is not closed with </invoke> (the output may be cut off)');
      const body = callBody.exec(text.slice(start, end));
      if (!body) return fail('an <invoke> must hold <tool_name>..</tool_name> and then <parameters>..</parameters>, nothing else');
      const name = (body[1] ?? '').trim();
      const args = argumentsOf(name, body[2] ?? '', tools);
      if (!args.ok) return { ...failedReading(dialect, { kind: 'invalid-args', message: args.message, toolName: sanitizeName(name) }), conclusive: true };
      items.push(callItem(name, args.args, tools, reason));
      spans.push([match.index, end + '</invoke>'.length]);
    }
    if (items.length === 0) return undefined;
    return { dialect, items, thoughts: reason ? [{ type: 'PLAN', content: reason }] : [], repaired: true, spans };
  },
};
