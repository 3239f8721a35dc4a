/**
 * SWE-agent's JSON turns: the model's thought and its command in one object,
 *
 *   {"thought": "List the files", "command": {"name": "ls", "arguments": {"path": "."}}}
 *
 * `command` is a call object (`{"name", "arguments"}`, read by the rules of every JSON call:
 * complete, nothing beside its name and arguments, `call-object.ts`); `arguments` may be left out for
 * an offered tool that takes none, as SWE-agent's own parser reads it. Beside `command` the object holds
 * only its thought (`thought`, or the `reasoning` / `discussion` other agents write), a string: any
 * other key belongs to neither and is a correction, never dropped. The thought is kept as one PLAN
 * thought. An object whose `command` is no call object (`{"command": "ls"}`) is not this shape.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callObjectProblem } from './call-object.ts';

const dialect = 'thought-command';
const thoughtKeys = new Set(['thought', 'reasoning', 'discussion']);

/**
 * The call object of a thought-and-command turn; undefined when `value` is not one. A command without
 * `arguments` counts only when it names an offered tool: `{"command": {"name": "deploy", "env": ..}}`
 * may be an answer's own JSON.
 */
function commandOf(value: unknown, tools: readonly ToolSpec[]): Record<string, unknown> | undefined {
  if (!isRecord(value) || !isRecord(value.command)) return undefined;
  const command = value.command;
  if (typeof command.name !== 'string') return undefined;
  return 'arguments' in command || tools.some((tool) => tool.name === command.name) ? command : undefined;
}

export const thoughtCommandJsonReader: DialectReader = {
  dialect,
  needs: '{',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('"command"')) return undefined;
    const items: unknown[] = [];
    const thoughts: Thought[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
      const json = readJson(span.text);
      const command = json.ok ? commandOf(json.value, tools) : undefined;
      if (!json.ok || !command) continue;
      const turn = json.value as Record<string, unknown>;
      const name = sanitizeName(String(command.name));
      const stray = Object.keys(turn).filter((key) => key !== 'command' && !(thoughtKeys.has(key) && typeof turn[key] === 'string'));
      if (stray.length > 0) {
        const keys = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
        return { ...failedReading(dialect, { kind: 'invalid-args', message: `the turn holds ${keys} beside its thought and the command \`${name}\`: write only "thought" and "command"`, toolName: name }), conclusive: true };
      }
      const argumentKey = 'arguments' in command ? 'arguments' : undefined;
      const problem = callObjectProblem(command, argumentKey, span.complete);
      if (problem) return { ...failedReading(dialect, problem), conclusive: true };
      const args = argumentsValue(command.arguments ?? {});
      repaired ||= json.repaired || args.repaired;
      for (const key of thoughtKeys) if (typeof turn[key] === 'string' && turn[key] !== '') thoughts.push({ type: 'PLAN', content: turn[key] });
      items.push(callItem(command.name, args.value, tools));
      spans.push([span.start, span.end]);
    }
    return items.length ? { dialect, items, thoughts, repaired, spans } : undefined;
  },
};
