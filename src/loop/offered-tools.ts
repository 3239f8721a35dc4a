/**
 * The tools offered this turn, re-read from the Toolbox. Every input schema is compiled first
 * (cached, so only new schemas cost anything): a tool whose schema is not valid JSON Schema ends the
 * run with a ConfigError naming it, before the model is asked, instead of failing every argument
 * check and being blamed on the model.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { checkInputSchema } from '../tools/define-tool.ts';
import type { RunContext } from './run-state.ts';

export function offeredTools(context: Pick<RunContext, 'toolbox'>): ToolSpec[] {
  const tools = context.toolbox.list();
  for (const tool of tools) checkInputSchema(tool);
  return tools;
}
