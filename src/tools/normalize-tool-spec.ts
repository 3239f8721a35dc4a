/**
 * A tool spec as the model is offered it: its input schema's type aliases read as JSON Schema types
 * (`schema-type-aliases.ts`), with the `tool-normalize` notice that reports it. Each spec object
 * is read once: a toolbox that lists the same spec again gets the same normalized object back, so
 * a tool list re-read every turn neither copies nor looks changed.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { normalizeSchemaTypes } from './schema-type-aliases.ts';
import type { ToolNotice } from './tool-notice.ts';

export interface NormalizedToolSpec {
  /** The spec given when nothing needed a change, else a copy with the normalized input schema. */
  spec: ToolSpec;
  /** What was changed; undefined when nothing was. */
  notice?: ToolNotice & { type: 'tool-normalize' };
}

const normalized = new WeakMap<ToolSpec, NormalizedToolSpec>();

export function normalizeToolSpec(spec: ToolSpec): NormalizedToolSpec {
  const known = normalized.get(spec);
  if (known) return known;
  const { schema, changes } = normalizeSchemaTypes(spec.inputSchema);
  let outcome: NormalizedToolSpec = { spec };
  if (changes.length > 0) {
    const copy: ToolSpec = { ...spec, inputSchema: schema };
    const tool = spec.origin?.name ?? spec.name;
    const server = spec.origin?.server;
    outcome = { spec: copy, notice: { type: 'tool-normalize', tool, changes, ...(server !== undefined ? { server } : {}) } };
  }
  normalized.set(spec, outcome);
  return outcome;
}
