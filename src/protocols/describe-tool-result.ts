/**
 * A tool result as plain parts every codec can frame: the text content, `structuredContent` as a
 * value, the error mark, and one-line summaries of images, audio and resources (never their bytes).
 */
import type { ToolContent, ToolResult } from '../tools/toolbox.ts';
import { describeContent } from './describe-content.ts';

export interface DescribedResult {
  text: string;
  /** `structuredContent`, when present and not merely a copy of the text. */
  structured?: unknown;
  isError: boolean;
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** The text of the content blocks, one per line; one block (the usual result) without the arrays of the general case. */
function contentText(content: readonly ToolContent[]): string {
  const only = content.length === 1 && 0 in content ? describeContent(content[0] as ToolContent) : undefined;
  return typeof only === 'string' ? only : content.map(describeContent).join('\n');
}

export function describeToolResult(result: ToolResult): DescribedResult {
  const content = Array.isArray(result?.content) ? result.content : [];
  const text = contentText(content);
  const structured = result?.structuredContent;
  const keepStructured = structured !== undefined && !sameJson(text, structured);
  const described: DescribedResult = { text: keepStructured || structured === undefined ? text : '', isError: result?.isError === true };
  if (structured !== undefined) described.structured = structured;
  return described;
}
