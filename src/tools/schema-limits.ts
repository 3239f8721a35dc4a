/**
 * Limits on an input schema from outside the application (an MCP server, another Toolbox) before
 * Ajv compiles it: a server could otherwise send a schema whose compiling or checking blocks the
 * process, or one nested thousands of levels deep that overflows the stack. Over a limit, the tool
 * is withheld with reason `schema-too-large`; the limits are far above what real tool schemas use.
 *
 * The application's own schemas (`defineTool`, marked trusted) are held to the nesting limit only:
 * an app may offer an enum of 100 000 values, and reins validates it in time linear in its size
 * (`schema-validator.ts` keeps Ajv's meta-schema check from comparing every pair of enum values).
 */
import { exceedsDepth } from './value-limits.ts';

export const schemaLimits = {
  /** Characters of the schema as JSON text (it is also sent to the model in every prompt). */
  maxChars: 65_536,
  /** Nesting of objects and arrays in the schema (every schema, the application's own included: deeper ones overflow Ajv's stack). */
  maxDepth: 64,
  /** Objects and arrays in the schema in all (each subschema, `anyOf` branch, list...): Ajv's compile work grows faster than linearly with them. */
  maxNodes: 1_000,
  /** Items of any one array in the schema (`enum`, `required`, `anyOf`...). */
  maxArrayItems: 1_000,
} as const;

/**
 * A sentence saying why `schema` is too large (it starts `the schema is too large:`), or undefined
 * when it is within the limits. `trusted`: written by the application, only the nesting is limited.
 */
export function checkSchemaSize(schema: unknown, trusted = false): string | undefined {
  const tooLarge = 'the schema is too large:';
  if (exceedsDepth(schema, schemaLimits.maxDepth)) return `${tooLarge} it is nested more than ${schemaLimits.maxDepth} levels deep`;
  if (trusted) return undefined;
  const { longestArray, nodes } = measure(schema);
  if (longestArray > schemaLimits.maxArrayItems) return `${tooLarge} a list in it has ${longestArray} items (at most ${schemaLimits.maxArrayItems} from a server)`;
  if (nodes > schemaLimits.maxNodes) return `${tooLarge} it has ${nodes} objects and arrays (at most ${schemaLimits.maxNodes} from a server)`;
  const chars = JSON.stringify(schema)?.length ?? 0;
  if (chars > schemaLimits.maxChars) return `${tooLarge} it is ${chars} characters of JSON (at most ${schemaLimits.maxChars} from a server)`;
  return undefined;
}

/** The longest array and the number of objects and arrays (iterative; depth is already bounded). */
function measure(value: unknown): { longestArray: number; nodes: number } {
  let longestArray = 0;
  let nodes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    nodes += 1;
    if (Array.isArray(current)) longestArray = Math.max(longestArray, current.length);
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
  return { longestArray, nodes };
}
