/**
 * What a toolbox did to the tools it was given, so people can see it (`notices()` of a Toolbox,
 * the `tool-rename` / `tool-withhold` server events, `reins tools`, the start of `reins run`):
 * every exposed name maps to exactly one tool, and nothing is renamed or dropped silently.
 */
import type { ToolWithheldError } from '../errors/tool-withheld-error.ts';
import { describeTypeChanges, type SchemaTypeChange } from './schema-type-aliases.ts';

/**
 * Why a tool is offered under another name:
 * - `reserved`: its name is `ask_user` or `answer_user`, the decisions reins offers as tools;
 * - `collision`: another tool already has the name (the earlier server or toolbox keeps it);
 * - `namespace`: its name starts with another server's prefix (`fs__...`), which only that server's tools may use;
 * - `invalid-name`: model providers refuse the name (anything but 1-64 of `[A-Za-z0-9_-]`).
 */
export type ToolRenameReason = 'reserved' | 'collision' | 'namespace' | 'invalid-name';

/** What a toolbox changed about an offered tool (renamed, withheld, schema type normalized), shown at `run-start`. */
export type ToolNotice =
  /** The tool `tool` (its own name) is offered to the model as `name`. */
  | { type: 'tool-rename'; tool: string; name: string; reason: ToolRenameReason; server?: string }
  /** The tool is not offered at all; `error` says why. */
  | { type: 'tool-withhold'; tool: string; error: ToolWithheldError; server?: string }
  /**
   * The tool's schema named types by aliases (`str`, `float`, `dict`...): it is offered with the
   * JSON Schema types they mean (`schema-type-aliases.ts`); `changes` lists each one.
   */
  | { type: 'tool-normalize'; tool: string; changes: SchemaTypeChange[]; server?: string };

const reasons: Record<ToolRenameReason, string> = {
  reserved: 'its name is reserved for the user decisions',
  collision: 'another tool has that name',
  namespace: "its name looks like another server's tool",
  'invalid-name': 'model providers accept only 1-64 letters, digits, _ and - in a tool name',
};

/** One line for people, e.g. `tool answer_user of server evil is offered as evil__answer_user: its name is reserved ...`. */
export function describeToolNotice(notice: ToolNotice): string {
  const from = notice.server ? ` of server ${notice.server}` : '';
  if (notice.type === 'tool-rename') return `tool ${notice.tool}${from} is offered as ${notice.name}: ${reasons[notice.reason]}`;
  if (notice.type === 'tool-normalize') return `tool ${notice.tool}${from} names types JSON Schema does not know; read as ${describeTypeChanges(notice.changes)}`;
  return `tool ${notice.tool}${from} is withheld (${notice.error.reason}): ${notice.error.detail}`;
}

/** A stable identity, to tell new notices from ones already reported. */
export function noticeKey(notice: ToolNotice): string {
  const detail =
    notice.type === 'tool-rename'
      ? `${notice.name}:${notice.reason}`
      : notice.type === 'tool-normalize'
        ? describeTypeChanges(notice.changes)
        : `${notice.error.reason}:${notice.error.detail}`;
  return JSON.stringify([notice.type, notice.server ?? '', notice.tool, detail]);
}
