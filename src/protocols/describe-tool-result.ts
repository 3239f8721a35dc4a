/**
 * A tool result as plain parts every codec can frame: the text content, `structuredContent` as a
 * value, the error mark, and one-line summaries of images, audio and resources (never their bytes).
 */
import type { ToolResult } from '../tools/toolbox.ts';
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

export function describeToolResult(result: ToolResult): DescribedResult {
  const content = Array.isArray(result?.content) ? result.content : [];
  const text = content.map(describeContent).join('\n');
  const structured = result?.structuredContent;
  const keepStructured = structured !== undefined && !sameJson(text, structured);
  return {
    text: keepStructured || structured === undefined ? text : '',
    ...(structured !== undefined ? { structured } : {}),
    isError: result?.isError === true,
  };
}
