import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolContent, ToolResult } from '../tools/toolbox.ts';

const passThrough = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/**
 * An MCP `tools/call` result as a reins ToolResult: content blocks pass through untouched (the
 * codecs render text, images, audio, resource links and embedded resources), with
 * `structuredContent` and `isError`. A block type reins does not know becomes its JSON as text.
 */
export function toToolResult(result: CallToolResult): ToolResult {
  const content: ToolContent[] = (result.content ?? []).map((block) =>
    passThrough.has(block.type) ? (block as ToolContent) : { type: 'text', text: JSON.stringify(block) },
  );
  const toolResult: ToolResult = { content };
  if (result.structuredContent !== undefined) toolResult.structuredContent = result.structuredContent;
  if (result.isError) toolResult.isError = true;
  return toolResult;
}
