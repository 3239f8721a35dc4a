/**
 * An offered tool's name written with a namespace before it: `functions.search` (OpenAI's own
 * qualifier, and in a leaked `multi_tool_use.parallel` call's `recipient_name`), `default_api.search`
 * (Gemini's `print(default_api.search(..))`), `tools.search`. The name after the last dot is the
 * offered tool's, so for the call-attempt check (`find-call-attempt.ts`) the text is looked at with
 * the qualifier dropped: a call written so is never returned as the answer. Nothing is read or run
 * by this; a reader that does not know the qualifier corrects it (unknown tool `functions.search`). An
 * offered name that holds a dot (`filesystem.read_file` beside `read_file`) keeps its own qualifier.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp, lastToolList } from '../reading.ts';

/** `.<name>` for each offered tool, and one or more identifiers with a dot each right before an offered tool's name that ends there. */
const qualifierPattern = lastToolList((tools: readonly ToolSpec[]): { dotted: string[]; qualified: string[]; pattern: RegExp } | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const pattern = new RegExp(`(?<![\\w.-])(?:[A-Za-z_]\\w*\\.)+(?=(?:${names.map(escapeRegExp).join('|')})(?![\\w.-]))`, 'g');
  return { dotted: names.map((name) => `.${name}`), qualified: names.filter((name) => name.includes('.')), pattern };
});

/** `text` with the namespace before each offered tool's name dropped; `text` itself when there is none. */
export function withoutQualifiers(text: string, tools: readonly ToolSpec[]): string {
  const qualifiers = text.includes('.') ? qualifierPattern(tools) : undefined;
  // Most answers name no tool after a dot: the pattern runs only where one does.
  if (!qualifiers || !qualifiers.dotted.some((dotted) => text.includes(dotted))) return text;
  const { qualified } = qualifiers;
  return text.replace(qualifiers.pattern, (qualifier: string, offset: number) => {
    // An offered name that holds a dot itself (`filesystem.read_file`) is that tool: only a namespace before it is dropped.
    for (let at = 0; at < qualifier.length; at = qualifier.indexOf('.', at) + 1) {
      if (qualified.some((name) => text.startsWith(name, offset + at))) return qualifier.slice(at);
    }
    return '';
  });
}
