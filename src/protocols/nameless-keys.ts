/**
 * An argument name that is empty or only space names no argument. Every dialect can write one (`{"": 1}`,
 * GLM's `<arg_key></arg_key>`, `<parameter=>`), and a schema that allows undeclared names would let it
 * through: the tool would run with a value it has no name for, and the argument the model meant would
 * be missing. So such a call is refused with a correction where the tool names its arguments
 * (`properties`), unless it declares that exact name (then the caller asked for it). A tool that names
 * none takes a free-form object, whose keys are data (a JSON repair's `{"": 1}`), as are empty keys
 * deeper down in any value.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { isRecord } from './extract/read-json.ts';

const blank = /^\s*$/;

/** The first top-level name of `args` that is empty or only space, where `tool` names its arguments but not that one; or undefined. */
export function undeclaredNamelessKey(tool: ToolSpec, args: unknown): string | undefined {
  if (!isRecord(args)) return undefined;
  const properties = tool.inputSchema.properties;
  if (!isRecord(properties) || Object.keys(properties).length === 0) return undefined;
  for (const key of Object.keys(args)) {
    if (blank.test(key) && !Object.hasOwn(properties, key)) return key;
  }
  return undefined;
}
