/**
 * A tool result as plain parts every codec can frame: the text content, `structuredContent` as a
 * value, the error mark, and one-line summaries of images, audio and resources (never their bytes).
 */
import type { ToolContent, ToolResult } from '../tools/toolbox.ts';

export interface DescribedResult {
  text: string;
  /** `structuredContent`, when present and not merely a copy of the text. */
  structured?: unknown;
  isError: boolean;
}

function byteSize(base64: string): string {
  const bytes = Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

function describePart(part: ToolContent): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
    case 'audio':
      return `[${part.type} ${part.mimeType}, ${byteSize(part.data)}]`;
    case 'resource_link':
      return `[resource link ${part.name ? `${part.name} ` : ''}${part.uri}${part.mimeType ? ` (${part.mimeType})` : ''}]`;
    case 'resource': {
      const { uri, mimeType, text, blob } = part.resource;
      if (text !== undefined) return `[resource ${uri}]\n${text}`;
      return `[resource ${uri}${mimeType ? ` ${mimeType}` : ''}${blob ? `, ${byteSize(blob)}` : ''}]`;
    }
    default:
      return `[${String((part as { type?: unknown }).type)} content]`;
  }
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
  const text = content.map(describePart).join('\n');
  const structured = result?.structuredContent;
  const keepStructured = structured !== undefined && !sameJson(text, structured);
  return {
    text: keepStructured || structured === undefined ? text : '',
    ...(structured !== undefined ? { structured } : {}),
    isError: result?.isError === true,
  };
}
