/**
 * The model's own words beside a call in a JSON turn: `{"thought": .., "command": {..}}` (SWE-agent),
 * `{"thoughts": [..], "headline": .., "tool_name": .., "tool_args": {..}}` (agent-zero). They are the
 * turn's reasoning, kept as thoughts: never an argument, and never dropped unread. Only text counts
 * (a string, or a list of strings); any other value under these keys is no thought.
 */
export const thoughtKeys: ReadonlySet<string> = new Set(['thought', 'thoughts', 'reasoning', 'discussion', 'headline']);

/** The texts `value` holds as a thought: a string, or each string of a list; undefined for any other value. */
export function thoughtTexts(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}
