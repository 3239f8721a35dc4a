/**
 * One description of MCP content blocks: a block in a sampling request (reins as the client's
 * model) reads the same as the block in a tool result (reins' codecs), never its bytes.
 */
import { describe, expect, it } from 'vitest';
import { toModelRequest } from '../../src/mcp/sampling-messages.ts';
import { describeToolResult } from '../../src/protocols/describe-tool-result.ts';
import type { ToolContent } from '../../src/tools/toolbox.ts';

const blocks: ToolContent[] = [
  { type: 'text', text: 'plain words' },
  { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' },
  { type: 'audio', mimeType: 'audio/wav', data: 'UklGRiQAAABXQVZF' },
  { type: 'resource_link', uri: 'file:///notes.md', name: 'notes', mimeType: 'text/markdown' },
  { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside a' } },
  { type: 'resource', resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAECAwQF' } },
];

describe('describing MCP content blocks', () => {
  it.each(blocks.map((block) => [block.type, block] as const))('%s: a sampling message and a tool result describe it alike', (_type, block) => {
    const request = toModelRequest({ messages: [{ role: 'user', content: block as never }], maxTokens: 10 });
    expect(request.messages).toEqual([{ role: 'user', content: describeToolResult({ content: [block] }).text }]);
  });
});
