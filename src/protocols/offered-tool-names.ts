import type { ToolSpec } from '../spec/decision.ts';
import type { Codec } from './codec.ts';

/** The tool names a request of `codec` offers the model: its native request tools, else the tools as given. */
export function offeredToolNames(codec: Pick<Codec, 'requestTools'>, tools: readonly ToolSpec[]): string[] {
  return (codec.requestTools?.(tools) ?? tools).map((tool) => tool.name);
}
