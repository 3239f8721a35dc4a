/**
 * mergeToolboxes: several Toolboxes (local tools, MCP servers) behind one. Tool names must be
 * unique across boxes: a clash found when merging throws ConfigError; a clash that appears later
 * (an MCP tool list changed) is resolved in favour of the earlier box.
 */
import type { ToolSpec } from '../decision.ts';
import { ConfigError } from '../errors/config-error.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import type { ToolCallOptions, ToolResult, Toolbox } from './toolbox.ts';

export function mergeToolboxes(...boxes: Toolbox[]): Toolbox {
  const owners = (): Map<string, { box: Toolbox; spec: ToolSpec }> => {
    const byName = new Map<string, { box: Toolbox; spec: ToolSpec }>();
    for (const box of boxes) for (const spec of box.list()) if (!byName.has(spec.name)) byName.set(spec.name, { box, spec });
    return byName;
  };
  const seen = new Set<string>();
  for (const box of boxes)
    for (const spec of box.list()) {
      if (seen.has(spec.name)) throw new ConfigError(`Tool name ${spec.name} is used by two toolboxes; names must be unique.`);
      seen.add(spec.name);
    }

  return {
    list: () => [...owners().values()].map((owner) => owner.spec),
    call: (name: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<ToolResult> => {
      const byName = owners();
      const owner = byName.get(name);
      if (!owner) return Promise.reject(new ToolNotFoundError(name, [...byName.keys()]));
      return owner.box.call(name, args, options);
    },
    instructions: () => boxes.flatMap((box) => box.instructions?.() ?? []),
    onChange: (listener: () => void) => {
      const unsubscribes = boxes.map((box) => box.onChange?.(listener));
      return () => unsubscribes.forEach((unsubscribe) => unsubscribe?.());
    },
    close: async () => {
      const outcomes = await Promise.allSettled(boxes.map((box) => box.close?.()));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
