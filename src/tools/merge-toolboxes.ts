/**
 * mergeToolboxes: several Toolboxes (local tools, MCP servers) behind one. Every exposed name maps
 * to exactly one tool of one box, decided by argument order: when two boxes offer the same name,
 * the earlier box keeps it and the later box's tool is renamed (`<server>__<name>` for an MCP tool,
 * else `<name>_2`...). A reserved name (`ask_user`, `answer_user`) is always renamed; type aliases in
 * a schema (`str`, `dict`) are read as JSON Schema types; a tool whose input schema reins cannot use
 * safely, or listed twice by one box, is withheld. Renames, normalized schemas and withheld tools
 * are reported by `notices()` (with those of the boxes themselves). Recomputed from
 * the boxes on every `list()`/`call()`, so tool list changes are followed.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import { ToolWithheldError, type ToolWithheldReason } from '../errors/tool-withheld-error.ts';
import { assignExposedNames } from './assign-exposed-names.ts';
import { normalizeToolSpec } from './normalize-tool-spec.ts';
import { schemaProblem } from './schema-validator.ts';
import type { ToolNotice } from './tool-notice.ts';
import type { ToolCallOptions, ToolResult, Toolbox } from './toolbox.ts';

interface Owner {
  box: Toolbox;
  /** The tool's name in its box. */
  name: string;
  spec: ToolSpec;
}

interface View {
  owners: Map<string, Owner>;
  notices: ToolNotice[];
}

function withheld(spec: ToolSpec, reason: ToolWithheldReason, detail: string): ToolNotice {
  const tool = spec.origin?.name ?? spec.name;
  const server = spec.origin?.server;
  const error = new ToolWithheldError({ toolName: tool, reason, detail, ...(server !== undefined ? { serverName: server } : {}) });
  return { type: 'tool-withhold', tool, error, ...(server !== undefined ? { server } : {}) };
}

function view(boxes: readonly Toolbox[]): View {
  const notices: ToolNotice[] = boxes.flatMap((box) => box.notices?.() ?? []);
  const usable: Array<{ box: Toolbox; spec: ToolSpec }> = [];
  for (const box of boxes) {
    const seen = new Set<string>();
    for (const listed of box.list()) {
      const { spec, notice } = normalizeToolSpec(listed);
      if (notice) notices.push(notice);
      const problem = schemaProblem(spec.inputSchema);
      if (seen.has(spec.name)) notices.push(withheld(spec, 'duplicate-name', 'its toolbox lists two tools with this name; the first is kept'));
      else if (problem) notices.push(withheld(spec, problem.reason, problem.detail));
      else usable.push({ box, spec });
      seen.add(spec.name);
    }
  }
  const names = assignExposedNames(
    usable.map(({ spec }) => ({ name: spec.name, ...(spec.origin ? { namespace: spec.origin.server } : {}) })),
    { collisions: 'first-keeps' },
  );
  const owners = new Map<string, Owner>();
  usable.forEach(({ box, spec }, index) => {
    const { exposedName, reason } = names[index]!;
    owners.set(exposedName, { box, name: spec.name, spec: reason ? { ...spec, name: exposedName } : spec });
    if (reason) {
      const server = spec.origin?.server;
      notices.push({ type: 'tool-rename', tool: spec.name, name: exposedName, reason, ...(server !== undefined ? { server } : {}) });
    }
  });
  return { owners, notices };
}

/** One Toolbox over several (local tools and MCP servers), with colliding names namespaced and reported as notices. */
export function mergeToolboxes(...boxes: Toolbox[]): Toolbox & { notices(): ToolNotice[] } {
  return {
    list: () => [...view(boxes).owners.values()].map((owner) => owner.spec),
    notices: () => view(boxes).notices,
    call: (name: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<ToolResult> => {
      const { owners } = view(boxes);
      const owner = owners.get(name);
      if (!owner) return Promise.reject(new ToolNotFoundError(name, [...owners.keys()]));
      return owner.box.call(owner.name, args, options);
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
