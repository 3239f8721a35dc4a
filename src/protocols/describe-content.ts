/**
 * The one description of an MCP content block (tool results and sampling messages alike): text as
 * it is, images and audio as `[image image/png, 1.2 kB]`, resource links and embedded resources by
 * URI (an embedded text resource with its text), never the bytes.
 */
import type { ToolContent } from '../tools/toolbox.ts';

function byteSize(base64: string): string {
  const bytes = Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** One content block as text: its text, or a one-line summary of an image, audio or resource. */
export function describeContent(part: ToolContent): string {
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
