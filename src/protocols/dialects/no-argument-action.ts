/**
 * An `Action:` naming an offered tool that declares no arguments at all (`Action: GoBack`,
 * `actions:\nPRESS_BACK`, as web and phone agents such as WebVoyager and OS-Atlas write their
 * argument-free steps) is that tool's whole call: its `Action Input:` could only be `{}`, so nothing is
 * missing and nothing is guessed. Read only where the name stands alone on the section's one line (a
 * labelled trailer such as AppAgent's `Summary: ..` after it is prose) and the section is the reply's last: a tool with any declared property (optional ones too) still needs
 * its input written, and text after the name may be an input in a form no reader took.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import type { ReactSection } from './react-section.ts';
import { beforeTrailer } from './action-trailer.ts';

/** True when the tool's schema declares no property: `{}` is its only call. */
export function takesNoArguments(tool: ToolSpec | undefined): boolean {
  if (!tool) return false;
  const { properties, additionalProperties, required } = tool.inputSchema as { properties?: unknown; additionalProperties?: unknown; required?: unknown };
  const declared = isRecord(properties) ? Object.keys(properties).length : 0;
  const needs = Array.isArray(required) ? required.length : 0;
  // A schema open to any key (`additionalProperties` not false, no properties) is a tool taking free-form arguments only where it says so.
  return declared === 0 && needs === 0 && (additionalProperties === undefined || additionalProperties === false);
}

/**
 * Where the call ends when `section`, the reply's last, is one line naming `tool` (`name` as read from
 * it), an offered tool with no arguments, a labelled trailer after it at most (`action-trailer.ts`);
 * else undefined.
 */
export function noArgumentActionEnd(section: ReactSection, isLast: boolean, name: string, tool: ToolSpec | undefined): number | undefined {
  if (!isLast || tool?.name !== name || !takesNoArguments(tool)) return undefined;
  const step = (beforeTrailer(section.body) ?? section.body).trimEnd();
  return step.trim().includes('\n') ? undefined : section.bodyStart + step.length;
}
