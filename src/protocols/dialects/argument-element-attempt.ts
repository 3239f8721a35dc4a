/**
 * An argument written as an element without the call around it: an element named after a parameter
 * an offered tool declares, standing on its own lines,
 *
 *   Let's look at the files.
 *   <command>
 *   ls -l
 *   </command>
 *
 * (SWE-agent's `<command>` turns; a Cline-style call whose tool tag was left out). The element says
 * what value to pass but not to which tool, and picking the tool that declares the parameter would be
 * a guess: the reply is a call attempt, corrected, never the answer (returned as text it would hide
 * the call the model meant). Only elements that open at a line's start and close at a line's end
 * count, outside code (`maskCode`), so markup inside a sentence or quoted as code stays prose.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp, lastToolList, type ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';

const elementName = /^[A-Za-z_][\w.-]*$/;

interface ArgumentElements {
  /** The first group is the parameter's name. */
  pattern: RegExp;
  /** Each parameter name with the first offered tool that declares it. */
  toolOf: ReadonlyMap<string, string>;
}

/** One pattern per tool list, over the parameter names the tools declare (their own names excluded: that tag is a call). */
const argumentElements = lastToolList((tools: readonly ToolSpec[]): ArgumentElements | undefined => {
  const toolNames = new Set(tools.map((tool) => tool.name));
  const toolOf = new Map<string, string>();
  for (const tool of tools) {
    const properties = tool.inputSchema?.properties;
    if (typeof properties !== 'object' || properties === null) continue;
    for (const key of Object.keys(properties)) if (elementName.test(key) && !toolNames.has(key) && !toolOf.has(key)) toolOf.set(key, tool.name);
  }
  if (toolOf.size === 0) return undefined;
  const names = [...toolOf.keys()].map(escapeRegExp).join('|');
  return { pattern: new RegExp(`^[ \\t]*<(${names})>[\\s\\S]*?</\\1>[ \\t]*$`, 'm'), toolOf };
});

/** A failure naming the argument element in `text` written outside any call (its caller adds the hint), or undefined when there is none. */
export function argumentElementAttempt(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const elements = argumentElements(tools);
  const match = elements?.pattern.exec(maskCode(text));
  const key = match?.[1];
  const toolName = key === undefined ? undefined : elements?.toolOf.get(key);
  if (key === undefined || toolName === undefined) return undefined;
  const tool = sanitizeName(toolName);
  return {
    kind: 'no-decision',
    message: `the reply holds <${sanitizeName(key)}>, a parameter of \`${tool}\`, outside any tool call: write the whole call, naming its tool`,
    toolName: tool,
  };
}
