/**
 * The tools of one task as the model sees them: the task's functions (or the MCP servers' tools)
 * under names every provider accepts (`math.factorial` is offered as `math_factorial`, the rule of
 * `assignExposedNames`), and a call that runs nothing: the eval judges the calls the model makes,
 * so a call only answers that it was recorded. `originalName` maps an offered name back for the judge.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { assignExposedNames } from '../tools/assign-exposed-names.ts';
import { textResult, type Toolbox, type ToolResult } from '../tools/toolbox.ts';

/** What each call answers: neutral, so the model goes on with the next call or its answer. */
const RECORDED_RESULT = 'The call was recorded.';

export class TaskToolbox implements Toolbox {
  readonly #offered: ToolSpec[];
  readonly #original = new Map<string, string>();

  constructor(tools: readonly ToolSpec[]) {
    const names = assignExposedNames(tools.map((tool) => ({ name: tool.name })), { collisions: 'first-keeps' });
    this.#offered = tools.map((tool, index) => {
      const exposed = names[index]!.exposedName;
      this.#original.set(exposed, tool.name);
      // Neither annotations nor origin: the calls run without asking anyone (they only record).
      return { name: exposed, ...(tool.description === undefined ? {} : { description: tool.description }), inputSchema: tool.inputSchema };
    });
  }

  list(): ToolSpec[] {
    return this.#offered;
  }

  async call(): Promise<ToolResult> {
    return textResult(RECORDED_RESULT);
  }

  /** The task's name of an offered tool (the name itself when it was not renamed). */
  originalName(exposed: string): string {
    return this.#original.get(exposed) ?? exposed;
  }
}
