/**
 * What a person approves: the whole tool call, never shortened. A small call is the question itself
 * (`Run delete_entities {"entityNames":["milk"]}? (destructive tool)`); a larger one is shown in full
 * above the question as indented JSON, one value per line (the terminal wraps long lines and keeps
 * them in its scrollback), with its size, and the question points at it. JSON escapes control
 * characters, so arguments cannot hide text from the person with terminal escape codes.
 */
import type { ApprovalRequest } from '../../spec/user-channel.ts';

export interface ApprovalText {
  /** The yes/no question. */
  question: string;
  /** Lines shown before the question: the whole call when it is too long for the question. */
  details: string[];
}

/** Calls whose JSON is at most this long are shown inside the question. */
const INLINE_LIMIT = 160;

export function approvalText(request: ApprovalRequest): ApprovalText {
  const name = request.tool.name;
  const compact = JSON.stringify(request.args) ?? '{}';
  if (compact.length <= INLINE_LIMIT) return { question: `Run ${name} ${compact}? (${request.reason})`, details: [] };
  const lines = (JSON.stringify(request.args, null, 2) ?? '{}').split('\n');
  const size = sizeOf(compact);
  const server = request.tool.origin?.server ? ` on server ${request.tool.origin.server}` : '';
  return {
    details: [`${name}${server} would run with these arguments (${size}, ${lines.length} lines), in full:`, ...lines.map((line) => `  ${line}`)],
    question: `Run ${name} with the arguments above (${size})? (${request.reason})`,
  };
}

function sizeOf(text: string): string {
  const bytes = Buffer.byteLength(text);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
}
