/**
 * Kimi K2 names a call by its id, `functions.<tool>:<index>`. A client that allows only
 * `[A-Za-z0-9_-]` in call ids echoes such an id back as `functions_<tool>_<index>`, and the model then
 * writes its next calls so (exo's Kimi reader takes them). Such an id names the offered tool between
 * the namespace and the index; an id that is itself an offered tool's name stays that name, and any
 * other stays as written (an unknown tool, corrected).
 */
import type { ToolSpec } from '../../spec/decision.ts';

const sanitizedId = /^functions_([A-Za-z_][\w.-]*?)_\d+$/;

/** The offered tool a Kimi K2 call id `written` names. */
export function kimiCallTool(written: string, tools: readonly ToolSpec[]): string {
  const offered = (name: string) => tools.some((tool) => tool.name === name);
  if (offered(written)) return written;
  const inner = sanitizedId.exec(written)?.[1];
  return inner !== undefined && offered(inner) ? inner : written;
}
