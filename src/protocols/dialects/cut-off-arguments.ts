/**
 * A tool's arguments with its name left out, cut off before the object closes:
 *
 *   {"location": "Par
 *   {"city": "Oslo", "days": [1, 2
 *
 * the whole reply one JSON object the text ends inside, every key written so far declared by one
 * offered tool with required parameters (the last key may itself be cut, the start of a declared key).
 * Written to its end it would be arguments whose tool the model forgot to name (`nameless-arguments.ts`,
 * corrected); cut off, it is even less an answer, so it is corrected too: never returned to the user as
 * the reply. So is such an object closed but written so that it does not read as JSON (`{"path": "C:\q"}`,
 * an escape JSON has not): its keys name the tool's parameters all the same.
 * An object holding a key no tool declares stays the model's own text there, and here.
 * One fence around the object (```json), closed or cut off with it, is the model's wrapping.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';

/** The reply without a fence opened before it (and closed after it, when the reply got that far). */
const unfenced = (text: string) => text.trim().replace(/^```[\w-]*[ \t]*\r?\n/, '').replace(/\r?\n?```$/, '').trim();

/** The keys written at the top level of the object opening `body`, the last one `cut` when the text ends inside it. */
function topLevelKeys(body: string): { keys: string[]; cut: string | undefined } {
  const keys: string[] = [];
  let depth = 0;
  let keyNext = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '"') {
      const start = index + 1;
      for (index = start; index < body.length && body[index] !== '"'; index++) if (body[index] === '\\') index++;
      if (depth === 1 && keyNext) {
        const key = body.slice(start, Math.min(index, body.length));
        if (index >= body.length) return { keys, cut: key };
        keys.push(key);
        keyNext = false;
      }
    } else if (char === '{' || char === '[') {
      depth++;
      keyNext = depth === 1;
    } else if (char === '}' || char === ']') depth--;
    else if (char === ',' && depth === 1) keyNext = true;
  }
  return { keys, cut: undefined };
}

/** True when every key written (and the cut one, as a start) is declared by `tool`, a tool with required parameters. */
function declaresAll(tool: ToolSpec, keys: readonly string[], cut: string | undefined): boolean {
  const schema = tool.inputSchema as { properties?: unknown; required?: unknown };
  if (!Array.isArray(schema.required) || schema.required.length === 0 || !isRecord(schema.properties)) return false;
  const declared = Object.keys(schema.properties);
  return keys.every((key) => declared.includes(key)) && (cut === undefined || declared.some((key) => key.startsWith(cut)));
}

/** A failure naming the tools whose arguments the cut-off reply begins, or undefined. */
export function cutOffArguments(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const body = unfenced(text);
  if (!body.startsWith('{')) return undefined;
  const end = closingBracketIndex(body, 0);
  // Closed, it is another rule's (`nameless-arguments.ts`) unless it is all the reply and does not read.
  const broken = end === body.length && !readJson(body).ok;
  if (end >= 0 && !broken) return undefined;
  const { keys, cut } = topLevelKeys(body);
  if (keys.length === 0 && (cut === undefined || cut === '')) return undefined;
  const names = tools.filter((tool) => declaresAll(tool, keys, cut)).map((tool) => sanitizeName(tool.name));
  const [only] = names;
  if (only === undefined) return undefined;
  const how = broken ? 'in JSON that does not read' : 'cut off before the object closes';
  const message = `the reply holds arguments of ${names.map((name) => `\`${name}\``).join(' or ')}, ${how}, and names no tool: write the whole call, naming its tool`;
  return names.length === 1 ? { kind: 'no-decision', message, toolName: only } : { kind: 'no-decision', message };
}
