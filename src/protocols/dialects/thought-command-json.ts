/**
 * JSON turns holding the model's thought beside its call, in two shapes:
 *
 *   {"thought": "List the files", "command": {"name": "ls", "arguments": {"path": "."}}}   SWE-agent
 *   {"thoughts": ["List the files"], "headline": "Listing", "tool_name": "ls", "tool_args": {..}}   agent-zero
 *
 * The call is read by the rules of every JSON call (complete, nothing beside its name and arguments,
 * `call-object.ts`); in SWE-agent's shape `arguments` may be left out for an offered tool that takes
 * none, as its own parser reads it, and beside `command` the object holds only thoughts. The thought
 * keys (`turn-thoughts.ts`: text only) are kept as PLAN thoughts, never arguments; any other key
 * belongs to neither and is a correction, never dropped. An object whose `command` is no call object
 * (`{"command": "ls"}`), or a flat call without a thought key, is not this shape.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { argumentsValue, callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { argumentKeyOf, callObjectProblem } from './call-object.ts';
import { declaredBy, isTurnThought, thoughtKeyHint, thoughtTexts } from './turn-thoughts.ts';
import { toolNameBesideArguments } from './tool-naming-key.ts';

const dialect = 'thought-command';
const flatNameKeys = ['tool_name', 'name', 'function'] as const;

/** A turn's call and its thoughts, or the correction for a key that is neither. */
interface TurnCall {
  call: Record<string, unknown>;
  nameKey: string;
  argumentKey: string | undefined;
  thoughts: string[];
  stray?: ReadFailure;
}

const thoughtsOf = (turn: Record<string, unknown>, declared: ReadonlySet<string>): string[] =>
  Object.keys(turn).flatMap((key) => (isTurnThought(turn, key, declared) ? (thoughtTexts(turn[key]) ?? []) : [])).filter((text) => text !== '');

/**
 * SWE-agent's turn; undefined when `value` is not one. A command without `arguments` counts only when
 * it names an offered tool: `{"command": {"name": "deploy", "env": ..}}` may be an answer's own JSON.
 */
function commandTurn(value: Record<string, unknown>, tools: readonly ToolSpec[]): TurnCall | undefined {
  const command = value.command;
  if (!isRecord(command) || typeof command.name !== 'string') return undefined;
  if (!('arguments' in command) && !tools.some((tool) => tool.name === command.name)) return undefined;
  const declared = declaredBy(command.name, tools);
  const turn: TurnCall = { call: command, nameKey: 'name', argumentKey: 'arguments' in command ? 'arguments' : undefined, thoughts: thoughtsOf(value, declared) };
  const stray = Object.keys(value).filter((key) => key !== 'command' && !isTurnThought(value, key, declared));
  if (stray.length === 0) return turn;
  const keys = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
  const name = sanitizeName(command.name);
  return { ...turn, stray: { kind: 'invalid-args', message: `the turn holds ${keys} beside its thought and the command \`${name}\`: write only "thought" and "command"`, toolName: name } };
}

/** agent-zero's turn: thoughts beside a flat call object; undefined when `value` holds no thought or no named call with arguments. */
function flatTurn(value: Record<string, unknown>, tools: readonly ToolSpec[]): TurnCall | undefined {
  const argumentKey = argumentKeyOf(value);
  // A name under a key of the prompt's choosing (`{"scratchpad": .., "tool": "notes", "args": {..}}`): `tool-naming-key.ts`.
  const named = flatNameKeys.find((key) => typeof value[key] === 'string') ?? (argumentKey === undefined ? undefined : toolNameBesideArguments(value, argumentKey, tools));
  const declared = declaredBy(named === undefined ? undefined : value[named], tools);
  const call = Object.fromEntries(Object.entries(value).filter(([key]) => !isTurnThought(value, key, declared)));
  const nameKey = named !== undefined && typeof call[named] === 'string' ? named : undefined;
  if (Object.keys(call).length === Object.keys(value).length || nameKey === undefined || argumentKey === undefined) return undefined;
  return { call, nameKey, argumentKey, thoughts: thoughtsOf(value, declared) };
}

export const thoughtCommandJsonReader: DialectReader = {
  dialect,
  needs: '{',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('"command"') && !thoughtKeyHint.test(text)) return undefined;
    const items: unknown[] = [];
    const thoughts: Thought[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
      const json = readJson(span.text);
      if (!json.ok) continue;
      // One turn, or a list of turns (llama-cpp-agent's parallel calls): a list counts only when every element is one.
      const values = Array.isArray(json.value) ? json.value : [json.value];
      const turns = values.map((value) => (isRecord(value) ? (commandTurn(value, tools) ?? flatTurn(value, tools)) : undefined));
      if (turns.length === 0 || turns.some((turn) => turn === undefined)) continue;
      for (const turn of turns as TurnCall[]) {
        const problem = turn.stray ?? callObjectProblem(turn.call, turn.argumentKey, span.complete, turn.nameKey);
        if (problem) return { ...failedReading(dialect, problem), conclusive: true };
        const args = argumentsValue(turn.argumentKey === undefined ? {} : turn.call[turn.argumentKey]);
        repaired ||= json.repaired || args.repaired;
        for (const content of turn.thoughts) thoughts.push({ type: 'PLAN', content });
        items.push(callItem(turn.call[turn.nameKey], args.value, tools));
        spans.push([span.start, span.end]);
      }
    }
    return items.length ? { dialect, items, thoughts, repaired, spans } : undefined;
  },
};
