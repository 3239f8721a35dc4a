/**
 * The model's own words beside a call in a JSON turn: `{"thought": .., "command": {..}}` (SWE-agent),
 * `{"thoughts": [..], "headline": .., "tool_name": .., "tool_args": {..}}` (agent-zero),
 * `{"thoughts_and_reasoning": .., "function": .., "params": {..}}` (llama-cpp-agent),
 * `{"inner_thoughts": .., ..}` (MemGPT-style agents), `{"function": .., "args": {..}, "reply": ..}` (devika's
 * decision agent: a line to the user about the step), `{"scratchpad": .., "tool": .., "query": ..}` (a research
 * planner's working notes). They are the turn's own words, kept as thoughts:
 * never an argument, and never dropped unread. Only text counts (a string, or a list of strings); any
 * other value under these keys is no thought, and neither is a key the called tool declares (a
 * parameter written beside the arguments: `thought-command-json.ts` corrects it).
 *
 * A thought key is told by its words, not by a list of spellings: every word of the key (split at
 * `_`, `-` and camelCase humps) is a thought word or a joining word, and one of them is a thought
 * word. So `chain_of_thought` and `thoughtsAndReasoning` are thoughts, `thought_id` or `reason_code` are not.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';

/** Words that name the model's reasoning. */
const thoughtWords: ReadonlySet<string> = new Set(['thought', 'thoughts', 'reasoning', 'discussion', 'headline', 'rationale', 'thinking', 'reply', 'explanation', 'scratchpad']);
/** Words that only join or qualify thought words (`inner_thoughts`, `chain_of_thought`). */
const joiningWords: ReadonlySet<string> = new Set(['and', 'of', 'inner', 'chain', 'my', 'internal']);

/** The lower-case words of a JSON key (`thoughtsAndReasoning` -> thoughts, and, reasoning). */
const keyWords = (key: string): string[] =>
  key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[_\-\s]+/).filter((word) => word !== '');

/** True when `key` names the model's thoughts (see above). */
export function isThoughtKey(key: string): boolean {
  const words = keyWords(key);
  return words.length > 0 && words.some((word) => thoughtWords.has(word)) && words.every((word) => thoughtWords.has(word) || joiningWords.has(word));
}

/** A quick look for a JSON key holding a thought word; `isThoughtKey` decides. */
export const thoughtKeyHint = /"[\w-]*(?:thought|reasoning|discussion|headline|rationale|thinking|reply|explanation|scratchpad)[\w-]*"\s*:/i;

/** The texts `value` holds as a thought: a string, or each string of a list; undefined for any other value. */
export function thoughtTexts(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}

/** The parameters the offered tool named `name` declares (none for a name no tool has). */
export function declaredBy(name: unknown, tools: readonly ToolSpec[]): ReadonlySet<string> {
  const properties = (tools.find((tool) => tool.name === name)?.inputSchema as { properties?: unknown } | undefined)?.properties;
  return new Set(isRecord(properties) ? Object.keys(properties) : []);
}

/** True when `turn[key]` is a thought: a thought key holding text that is none of `declared`, the called tool's parameters. */
export function isTurnThought(turn: Record<string, unknown>, key: string, declared: ReadonlySet<string>): boolean {
  return isThoughtKey(key) && thoughtTexts(turn[key]) !== undefined && !declared.has(key);
}
