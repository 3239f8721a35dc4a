/**
 * A call object written in YAML rather than JSON: the tool's name under a naming key and its
 * arguments as a block mapping under an argument key, as agent frameworks that prompt for YAML ask
 * (llm-chain's tool prompt: `command:` and `input:`):
 *
 *   ```yaml
 *   command: BashTool
 *   input:
 *     cmd: ls
 *     args: ["-l"]
 *   ```
 *
 * The same call as `{"command": "BashTool", "input": {..}}`, so it is read where a JSON call object
 * is: a fenced block (unlabelled, `yaml` or `yml`) holding only the mapping, outside blockquotes and
 * list items (`quotedFences`: an example quoted there is prose), or the whole reply. The mapping has
 * exactly two top-level keys, the name (`name`, `tool`, `tool_name`, `function`, `command`, or a
 * qualified `*_name`) and the arguments (the keys every JSON call object uses, `call-object.ts`);
 * whole-line comments between them are YAML comments. The arguments are read by `yamlArguments`, with
 * its guards (no comment, alias or duplicate key inside them, values typed by the tool's schema).
 * A mapping of that shape is a call whatever it names: a tool not offered is corrected, never taken
 * as the answer; so is an argument key holding a scalar (which property it fills would be a guess)
 * or nothing, and a naming key alone that names an offered tool (its arguments would be a guess). A
 * tool not offered is a call only where its arguments are a mapping: `name: app` beside an `args:`
 * list is configuration. A block sequence whose every item is such a mapping (`- command: ..`) is
 * those calls, as a JSON list of call objects is; one mixing calls and other items is a correction. Each call counts, so two blocks are two calls
 * (refused where one is allowed).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, quotedFences } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callArgumentKeys } from './call-object.ts';
import { startsAsYamlMapping, yamlArguments } from './yaml-arguments.ts';

const dialect = 'yaml-call';

/** Keys a call object names its tool under. */
const isNameKey = (key: string): boolean => /^(?:name|tool|tool_name|function|command)$/.test(key) || /^(?:tool|function|command|action)[_-]?name$/i.test(key);
const isArgumentKey = (key: string): boolean => (callArgumentKeys as readonly string[]).includes(key);
/** A top-level mapping key and what follows it on its line. */
const keyLine = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/;
/** The opening line of a fence whose content may be YAML: no info string, or `yaml` / `yml`. */
const yamlFence = /^[ \t]*(?:`{3,}|~{3,})[ \t]*(?:ya?ml)?[ \t]*$/i;

interface TopKey {
  key: string;
  inline: string;
  block: string[];
}

/** The top-level keys of `text` when it is one block mapping (comment and blank lines aside); undefined otherwise. */
function topKeys(text: string): TopKey[] | undefined {
  const keys: TopKey[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || /^#/.test(line)) {
      keys.at(-1)?.block.push(line.trim() === '' ? '' : line);
      continue;
    }
    if (/^[ \t]/.test(line)) {
      const last = keys.at(-1);
      if (!last) return undefined;
      last.block.push(line);
      continue;
    }
    const match = keyLine.exec(line);
    if (!match) return undefined;
    keys.push({ key: match[1] ?? '', inline: match[2] ?? '', block: [] });
  }
  return keys;
}

/** `lines` without the indentation they share and without the blank or comment lines that end them. */
function dedented(lines: readonly string[]): string {
  const kept = [...lines];
  while (kept.length > 0 && (kept.at(-1)?.trim() === '' || /^#/.test(kept.at(-1) ?? ''))) kept.pop();
  const indents = kept.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const cut = Math.min(...indents);
  return kept.map((line) => line.slice(Math.min(cut, line.length))).join('\n');
}

const unquoted = (value: string): string => value.replace(/^(["'])(.*)\1$/, '$2').trim();

type CallRead = { ok: true; item: unknown } | { ok: false; failure: ReadFailure };

/** A naming key alone that names an offered tool (`command: ExitTool`): a call whose arguments would be a guess. */
function nameAlone(entry: TopKey, tools: readonly ToolSpec[]): CallRead | undefined {
  const name = unquoted(entry.inline);
  if (!isNameKey(entry.key) || !tools.some((tool) => tool.name === name) || entry.block.some((line) => line.trim() !== '')) return undefined;
  const toolName = sanitizeName(name);
  const message = `the call of \`${toolName}\` gives no arguments: write them as a mapping under \`input:\` or \`arguments:\` ({} for none)`;
  return { ok: false, failure: { kind: 'invalid-args', message, toolName } };
}

/** The call `text` writes as a YAML mapping; undefined when it is not one of that shape. */
function yamlCall(text: string, tools: readonly ToolSpec[]): CallRead | undefined {
  const keys = topKeys(text);
  if (keys?.length === 1) return nameAlone(keys[0] as TopKey, tools);
  if (keys?.length !== 2) return undefined;
  const nameEntry = keys.find((entry) => isNameKey(entry.key));
  const argsEntry = keys.find((entry) => entry !== nameEntry && isArgumentKey(entry.key));
  if (!nameEntry || !argsEntry || nameEntry.inline === '' || nameEntry.block.some((line) => line.trim() !== '' && !/^#/.test(line))) return undefined;
  const name = unquoted(nameEntry.inline);
  const tool = tools.find((candidate) => candidate.name === name);
  const body = dedented(argsEntry.block);
  const inline = argsEntry.inline.trim();
  // Not an offered tool, and not a name as tools are named or not given arguments as a mapping: data that has this shape.
  if (!tool && (!/^[A-Za-z_][\w.-]*$/.test(name) || (inline !== '{}' && !startsAsYamlMapping(body)))) return undefined;
  if (!tool) return { ok: true, item: callItem(name, {}, tools) };
  const toolName = sanitizeName(name);
  if (inline === '{}' && body === '') return { ok: true, item: callItem(name, {}, tools) };
  if (inline !== '' || body === '') {
    const message = `the arguments of \`${toolName}\` under \`${sanitizeName(argsEntry.key)}:\` are not a mapping: write each argument as \`name: value\` on its own line under it ({} for none)`;
    return { ok: false, failure: { kind: 'invalid-args', message, toolName } };
  }
  const args = yamlArguments(body, tool);
  return args.ok ? { ok: true, item: callItem(name, args.args, tools) } : { ok: false, failure: args.failure };
}

/**
 * The items of `text` when it is a block sequence (`- command: ..` lines, each item's other lines
 * indented under it), each item's text dedented; undefined otherwise.
 */
function sequenceItems(text: string): string[] | undefined {
  const items: string[][] = [];
  for (const line of text.split('\n')) {
    const item = /^-[ \t]+(.*)$/.exec(line);
    if (item) items.push([`  ${item[1] ?? ''}`]);
    else if (line.trim() === '' || /^[ \t]/.test(line)) items.at(-1)?.push(line);
    else return undefined;
  }
  return items.length > 0 ? items.map(dedented) : undefined;
}

/** The calls `text` writes as one YAML call mapping or a sequence of them (every item a call); undefined when it writes none. */
function yamlCalls(text: string, tools: readonly ToolSpec[]): { ok: true; items: unknown[] } | { ok: false; failure: ReadFailure } | undefined {
  const one = yamlCall(text, tools);
  if (one) return one.ok ? { ok: true, items: [one.item] } : one;
  const calls = sequenceItems(text)?.map((item) => yamlCall(item, tools));
  if (!calls?.some((call) => call !== undefined)) return undefined;
  // A list where only some items are calls is no list of calls, and no answer to hand on with a call in it.
  if (calls.some((call) => call === undefined)) return { ok: false, failure: { kind: 'no-decision', message: 'the YAML list holds calls beside other items: send only the calls, one item each' } };
  const items: unknown[] = [];
  for (const call of calls) {
    if (call === undefined) continue;
    if (!call.ok) return call;
    items.push(call.item);
  }
  return { ok: true, items };
}

/** The unquoted fenced blocks of `text` that may hold YAML: their content and where each starts and ends. */
function yamlBlocks(text: string): Array<{ content: string; start: number; end: number }> {
  const quoted = quotedFences(text);
  return codeRanges(text)
    .filter(([start, end]) => !quoted.some(([from, to]) => from === start && to === end))
    .map(([start, end]) => ({ code: text.slice(start, end), start, end }))
    .filter(({ code }) => code.includes('\n') && yamlFence.test(code.slice(0, code.indexOf('\n'))))
    .map(({ code, start, end }) => ({ content: code.slice(code.indexOf('\n') + 1).replace(/\n?[ \t]*(?:`{3,}|~{3,})[ \t]*$/, ''), start, end }));
}

export const yamlCallObjectReader: DialectReader = {
  dialect,
  needs: ':',
  read(text, { tools }): Reading | undefined {
    const whole = yamlCalls(text.trim(), tools);
    if (whole) return whole.ok ? { dialect, items: whole.items, thoughts: [], repaired: true } : failedReading(dialect, whole.failure);
    if (!text.includes('``') && !text.includes('~~')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    for (const block of yamlBlocks(text)) {
      const calls = yamlCalls(block.content, tools);
      if (!calls) continue;
      if (!calls.ok) return { ...failedReading(dialect, calls.failure), conclusive: true };
      items.push(...calls.items);
      spans.push([block.start, block.end]);
    }
    return items.length > 0 ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
