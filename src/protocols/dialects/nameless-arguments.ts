/**
 * A reply that is nothing but one tool's arguments, its name left out:
 *
 *   {"location": "Paris", "unit": "celsius"}
 *
 * that are valid arguments of an offered tool with required parameters, every key declared by it. It answers no user;
 * it is a call whose tool the model forgot to name, and picking the tool that fits would be a guess.
 * It is corrected, never returned as the answer. A JSON object holding any key no tool declares, or
 * missing a required one, is the model's own data and stays an answer (`{"temperature": 21}` after
 * a weather lookup); so does a tool without required parameters, whose arguments carry no sign of it.
 * The object counts as the JSON readers take it, mended damage included (`{'port': 'Bergen',}`).
 * One fence around the object (```json) is the model's wrapping, as the readers take it. Words after
 * the object (`{..}\nI hope that helps`) leave it the same attempt; words before it make it a quote.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { validateDecision } from '../validate-decision.ts';

/** The reply without one fence around all of it. */
export const unfenced = (text: string) => text.trim().replace(/^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/, '$1').trim();

/** True when `args` are valid arguments of `tool`, a tool with required parameters, every key declared. */
export function fits(tool: ToolSpec, args: Record<string, unknown>): boolean {
  const schema = tool.inputSchema as { properties?: unknown; required?: unknown };
  if (!Array.isArray(schema.required) || schema.required.length === 0 || !isRecord(schema.properties)) return false;
  const declared = schema.properties;
  if (!Object.keys(args).every((key) => Object.hasOwn(declared, key))) return false;
  return validateDecision({ action: 'call_tool', tool: tool.name, args, reason: '' }, [tool]).ok;
}

/** The JSON object that opens the reply (one fence around it aside), as the readers take it; undefined when none does. */
export function openingObject(text: string): Record<string, unknown> | undefined {
  const body = unfenced(text);
  if (!body.startsWith('{')) return undefined;
  // The object opens the reply; words after it (`{..}\nI hope that helps`) leave it the same attempt.
  const end = closingBracketIndex(body, 0);
  if (end < 0) return undefined;
  const json = readJson(body.slice(0, end));
  return json.ok && isRecord(json.value) ? json.value : undefined;
}

/** A failure naming the tool whose arguments make up the whole reply, or open it (its caller adds the hint), or undefined. */
export function namelessArguments(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const args = openingObject(text);
  if (args === undefined) return undefined;
  const names = tools.filter((candidate) => fits(candidate, args)).map((tool) => sanitizeName(tool.name));
  const [only] = names;
  if (only === undefined) return undefined;
  const message = `the reply holds arguments of ${names.map((name) => `\`${name}\``).join(' or ')} but names no tool: write the whole call, naming its tool`;
  return names.length === 1 ? { kind: 'no-decision', message, toolName: only } : { kind: 'no-decision', message };
}
