/**
 * The tool list for a system prompt: name, description and the JSON Schema of the arguments, compact.
 */
import type { ToolSpec } from '../decision.ts';

export function renderToolList(tools: readonly ToolSpec[]): string {
  if (tools.length === 0) return '(no tools are available)';
  return tools
    .map((tool) => {
      const description = tool.description ? `\n  ${tool.description.trim().replace(/\n/g, '\n  ')}` : '';
      return `- ${tool.name}${description}\n  args schema: ${JSON.stringify(tool.inputSchema)}`;
    })
    .join('\n');
}
